// Package chilldkg implements ChillDKG (draft 0.3.0-dev of the BIP "ChillDKG:
// Distributed Key Generation for FROST", BlockstreamResearch/bip-frost-dkg), a
// distributed key generation whose outputs are FROST (BIP-445) keys: a
// threshold public key, every participant's public share and each
// participant's secret share.
//
// The draft's normative form is a Python reference implementation that this
// package was written without. Every byte format and derivation was inferred
// from the draft's text and API documentation and checked byte for byte
// against the published test vectors (testdata/chilldkg). The inferences:
//
//   - Tagged hashes are BIP-340's, with tags "BIP DKG/" + name.
//   - The host public key is the 33-byte compressed plain public key of the
//     32-byte host secret key (the BIP-327 IndividualPubkey).
//   - The parameters hash is H_"BIP DKG/params_hash"(t as 4-byte big endian ‖
//     hostpubkeys in order).
//
// This package is a draft implementation in progress; see PROGRESS.md.
package chilldkg
