package silentpayments

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

var (
	// ErrNoInputs is returned when a transaction has no input that counts
	// for shared secret derivation: a sender cannot pay a silent payment
	// address with it, and a receiver does not scan it.
	ErrNoInputs = errors.New("silentpayments: no inputs for shared secret derivation")
	// ErrInputKeySum is returned when the input private keys sum to zero
	// (sender) or the input public keys sum to the point at infinity
	// (receiver): the sender must fail and the receiver skips the
	// transaction.
	ErrInputKeySum = errors.New("silentpayments: input keys sum to zero")
	// ErrHashScalar is returned in the negligible case (probability about
	// 2⁻¹²⁸) that a BIP-352 hash is 0 or not less than the group order n,
	// which the BIP handles by failing.
	ErrHashScalar = errors.New("silentpayments: hash is not a valid scalar")
)

// PrevoutsSummary is what a receiver needs from a transaction's inputs: the
// sum A of the eligible input public keys and input_hash =
// hash_BIP0352/Inputs(outpoint_L ‖ A). A full node or an index server builds
// one per transaction; its PublicTweak is the 33-byte tweak data that light
// clients download. The zero value (like a nil *PrevoutsSummary) is not a
// summary; use NewPrevoutsSummary or SummarizeTransaction. Its methods panic
// for it, and Receiver.Scan returns an error wrapping
// secp256k1.ErrUninitialized.
type PrevoutsSummary struct {
	sum       *secp256k1.PublicKey // A = Σ Aᵢ, never the identity
	inputHash secp256k1.Scalar     // in [1, n−1]
}

// NewPrevoutsSummary returns the summary of a transaction whose inputs spend
// outpoints (all of them, eligible or not: outpoint_L is the smallest
// outpoint of the whole transaction) and whose eligible inputs have the
// public keys keys (from InputPublicKey; P2TR keys with even y). It returns
// ErrNoOutpoints, ErrNoInputs if keys is empty, an error wrapping
// secp256k1.ErrUninitialized if a key is nil or the zero PublicKey,
// ErrInputKeySum if the keys sum to the point at infinity (the transaction
// is skipped), and ErrHashScalar in the negligible case of an invalid
// input_hash. Variable time: every input is public.
func NewPrevoutsSummary(outpoints []Outpoint, keys []*secp256k1.PublicKey) (*PrevoutsSummary, error) {
	if len(keys) == 0 {
		return nil, ErrNoInputs
	}
	for i, k := range keys {
		if !validPublicKey(k) {
			return nil, uninitialized(fmt.Sprintf("input public key %d", i))
		}
	}
	outpointL, ok := smallestOutpoint(outpoints)
	if !ok {
		return nil, ErrNoOutpoints
	}
	sum, err := secp256k1.CombinePublicKeys(keys...)
	if err != nil {
		return nil, ErrInputKeySum
	}
	s := &PrevoutsSummary{sum: sum}
	if err := inputHash(&s.inputHash, &outpointL, sum); err != nil {
		return nil, err
	}
	return s, nil
}

// inputHash sets h = hash_BIP0352/Inputs(outpoint_L ‖ ser_P(A)), or returns
// ErrHashScalar if the hash is 0 or not less than n.
func inputHash(h *secp256k1.Scalar, outpointL *[36]byte, sum *secp256k1.PublicKey) error {
	var a [33]byte
	copy(a[:], sum.BytesCompressed())
	d := hashInputs(outpointL, &a)
	if _, err := h.SetCanonicalBytes(d[:]); err != nil || h.IsZero() == 1 {
		return ErrHashScalar
	}
	return nil
}

// TxInput is a transaction input together with the output it spends, as a
// full node sees it: the data InputPublicKey reads.
type TxInput struct {
	Outpoint     Outpoint
	ScriptPubKey []byte   // of the spent output (the prevout)
	ScriptSig    []byte   // of the input
	Witness      [][]byte // the input's witness stack
}

// SummarizeTransaction applies BIP-352's input rules to every input of a
// transaction and returns its PrevoutsSummary. It returns
// ErrUnknownWitnessVersion if an input spends a segwit output of version 2
// or higher, and otherwise the errors of NewPrevoutsSummary; any error means
// the transaction is not scanned. (The other eligibility rule, at least one
// taproot output, is the caller's: Scan simply finds nothing without one.)
func SummarizeTransaction(inputs []TxInput) (*PrevoutsSummary, error) {
	outpoints := make([]Outpoint, 0, len(inputs))
	keys := make([]*secp256k1.PublicKey, 0, len(inputs))
	for i := range inputs {
		in := &inputs[i]
		outpoints = append(outpoints, in.Outpoint)
		pub, err := InputPublicKey(in.ScriptPubKey, in.ScriptSig, in.Witness)
		switch err {
		case nil:
			keys = append(keys, pub)
		case ErrInputNotEligible:
		default:
			return nil, err
		}
	}
	return NewPrevoutsSummary(outpoints, keys)
}

// PublicKeySum returns a copy of A, the sum of the eligible input public
// keys.
func (s *PrevoutsSummary) PublicKeySum() *secp256k1.PublicKey {
	s.mustValid()
	return copyKey(s.sum)
}

// InputHash returns input_hash as 32 big-endian bytes.
func (s *PrevoutsSummary) InputHash() [32]byte {
	s.mustValid()
	return [32]byte(s.inputHash.Bytes())
}

// PublicTweak returns input_hash·A, the per-transaction tweak data a server
// publishes for light clients (BIP-352 Appendix A), which they pass to
// Receiver.ScanWithTweak. Its 33-byte compressed encoding is what goes on
// the wire. Variable time: input_hash and A are public.
func (s *PrevoutsSummary) PublicTweak() *secp256k1.PublicKey {
	s.mustValid()
	var zero secp256k1.Scalar
	var p secp256k1.Point
	p.VarTimeDoubleScalarBaseMult(&s.inputHash, s.sum.Point(), &zero)
	t, _ := secp256k1.NewPublicKey(&p) // 0 < input_hash < n and A ≠ 𝒪
	return t
}
