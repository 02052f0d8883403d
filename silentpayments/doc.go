// Package silentpayments implements BIP-352 silent payments (version 0)
// over secp256k1: static addresses that a sender turns into a fresh taproot
// output for every payment, with no interaction and nothing on chain that
// links the payments to the address.
//
// # Protocol
//
// A receiver publishes (B_scan, B_m): a scan key and a spend key, where B_m
// = B_spend + hash_BIP0352/Label(b_scan ‖ m)·G for a labeled address and
// B_spend otherwise. A sender whose eligible inputs have private keys aᵢ
// (P2TR keys negated to even y) computes a = Σ aᵢ, A = a·G, input_hash =
// hash_BIP0352/Inputs(outpoint_L ‖ A) over the smallest outpoint of the
// transaction, and for each scan key the ECDH point input_hash·a·B_scan.
// The k-th output to that scan key is P = B_m + t_k·G with t_k =
// hash_BIP0352/SharedSecret(ser_P(ecdh) ‖ ser_32(k)). The receiver computes
// the same point as input_hash·b_scan·A from the input public keys and
// finds its outputs among the transaction's taproot outputs; it spends
// with d = b_spend + t_k (+ the label tweak).
//
// # API
//
//   - Sender: CreateOutputs, from the recipients' Addresses, the
//     transaction's outpoints and the eligible inputs' InputKeys.
//   - Input rules: InputPublicKey extracts an input's key from its
//     scriptPubKey, scriptSig and witness (P2TR, P2WPKH, P2SH-P2WPKH,
//     P2PKH; compressed keys only; not P2TR script paths with the NUMS key
//     H); SummarizeTransaction applies it to a whole transaction.
//   - Prevouts summary: NewPrevoutsSummary (A and input_hash), whose
//     PublicTweak input_hash·A is the tweak data an index server publishes
//     for light clients.
//   - Receiver: NewReceiver (with the change label m = 0), AddLabel,
//     Address / LabeledAddress / ChangeAddress, Scan (full node: from a
//     PrevoutsSummary) and ScanWithTweak (light client: from a published
//     tweak). A FoundOutput carries the output's tweak and its
//     PrivateKey for signing; fmt prints the tweak as REDACTED, as it
//     links the output to the receiver.
//   - Light clients (lightclient.go): ParsePublicTweak for the 33-byte
//     tweak data; PrevoutsSummary.Bytes and ParsePrevoutsSummary for the
//     65-byte summary ser_P(A) ‖ input_hash (this package's encoding:
//     BIP-352 and libsecp256k1 define none for the pair); CandidateOutputs,
//     the k = 0 output keys (unlabeled and for every registered label) to
//     match against compact block filters; ScanWithLabels and
//     ScanWithTweakAndLabels, with a LabelLookup for label tables kept
//     outside the Receiver (keyed by LabelPublicKey).
//   - Addresses: ParseAddress and Address.String, bech32m with the
//     human-readable part "sp" (mainnet) or "tsp" (testnets).
//   - Shared ECDH (BIP-375's cryptography, for several signers or a
//     device that keeps the keys): NewECDHShare (a·B_scan of one input
//     with a BIP-374 DLEQ proof, package dleq) or NewGlobalECDHShare (for
//     the sum of all input keys), ECDHShare.Verify against the input's
//     public key (or the sum), and CreateOutputsFromShares, which gives
//     the outputs of CreateOutputs from the shares.
//
// # BIP-375 and PSBTs
//
// The package has no PSBT type. Its BIP-375 test (bip375_test.go) parses
// the PSBT fields it needs in test code and runs every vector: the
// cryptographic checks (each DLEQ proof against its input's key or the
// key sum, share coverage of the eligible inputs, and the output scripts
// recomputed from the shares) with this package, and the PSBT-structure
// checks (SP_V0_INFO present with a label, a script on every non-sp
// output, TX_MODIFIABLE zero once sp scripts are set, SIGHASH_ALL) as
// test code only; BIP-370's other structural rules are not checked.
// BIP-375 orders the k of one scan key by spend key; its vectors follow
// output-index order instead (bip375_test.go, checkOutputScripts), which
// is what a caller gets by passing the recipients to
// CreateOutputsFromShares in that order.
//
// Transaction parsing, coin selection, amounts and the "at least one
// taproot output" eligibility check are the caller's: the package takes
// scripts, outpoints, keys and x-only output keys.
//
// # Zero values
//
// The root package's rule holds here: a nil or zero secp256k1.PrivateKey or
// PublicKey is not a key, and neither is the zero value (or a nil pointer)
// of a Receiver, a PrevoutsSummary, an Address or a FoundOutput. A function
// with an error result returns an error that wraps
// secp256k1.ErrUninitialized for it (match it with errors.Is) and names the
// argument, before any computation; one without an error result panics with
// a message naming the type. Nothing computes with a zero key, and no scan
// reports an output found with one. A Receiver keeps copies of its keys and
// hands out copies, so that wiping or changing a key elsewhere does not
// reach it.
//
// # Scanning cost
//
// A scan costs one constant-time variable-base scalar multiplication (the
// ECDH) and, for each k tried, one constant-time fixed-base multiplication
// (t_k·G); a transaction with no output for the receiver tries only k = 0.
// The outputs are matched through an index by x coordinate, and the labels
// either by adding each label to P_k or, with many labels, by the BIP's
// subtraction from each output; both cost O(1) per output (scan.go), so the
// K_max-bounded worst case is linear in the number of outputs.
//
// # Constant time
//
// Everything that touches the sender's input keys, the receiver's b_scan
// and b_spend, the ECDH point and the tweaks t_k uses constant-time scalar
// and point arithmetic (the comb for t_k·G, the GLV ladder for the ECDH,
// constant-time inversions for affine coordinates). The comparisons of
// candidate keys with the transaction's public outputs, and the lookups in
// the label table, are variable time. The input rules, the summary and its
// tweak handle only public data and are variable time.
package silentpayments
