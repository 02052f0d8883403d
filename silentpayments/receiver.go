package silentpayments

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// ErrChangeAddress is returned by LabeledAddress for m = 0: the change label
// must never be handed out (use ChangeAddress to pay one's own change).
var ErrChangeAddress = errors.New("silentpayments: label 0 is reserved for change")

// Receiver scans transactions for silent payments to one address: it holds
// the scan private key b_scan, the spend public key B_spend (b_spend can
// stay offline) and the labels in use. NewReceiver registers the change
// label m = 0, which BIP-352 says every wallet should scan for.
//
// A Receiver may be used by several goroutines at once for scanning; adding
// labels, and Zero, must not run concurrently with anything else.
//
// A Receiver holds a copy of b_scan, a secret: Zero wipes it, fmt prints a
// fixed text for a Receiver (see Format), and encoding/json refuses it.
//
// The zero value (like a nil *Receiver, or a Receiver after Zero) is not a
// receiver; use NewReceiver. Its methods with an error result return an
// error wrapping secp256k1.ErrUninitialized for it, and the others panic,
// except Zero and the formatting methods.
type Receiver struct {
	// scanKey is b_scan, a copy of NewReceiver's key; the zero PrivateKey
	// only in the zero Receiver.
	scanKey  secp256k1.PrivateKey
	scan     secp256k1.Scalar // b_scan
	scanPub  secp256k1.PublicKey
	spend    secp256k1.PublicKey
	labels   []label
	byM      map[uint32]int        // m → index into labels
	byX      map[[32]byte][2]int32 // x(L) → label index for even and odd y, or −1
	spendAff []group.Affine        // B_spend, then B_m for each label, in labels' order
	method   int                   // methodAuto, or a method forced by a test
}

// label is a registered label m with tweak ℓ = hash_BIP0352/Label(b_scan ‖
// m), L = ℓ·G and B_m = B_spend + L.
type label struct {
	m     uint32
	tweak secp256k1.Scalar
	spend secp256k1.PublicKey // B_m
}

// NewReceiver returns a receiver for the scan private key and the spend
// public key, with the change label registered. It keeps copies of both
// keys. It returns an error wrapping secp256k1.ErrUninitialized if a key is
// nil or the zero value, and fails otherwise only in the negligible case
// that the change label's tweak is invalid or B_spend + L₀ is the point at
// infinity.
func NewReceiver(scan *secp256k1.PrivateKey, spend *secp256k1.PublicKey) (*Receiver, error) {
	if !validPrivateKey(scan) {
		return nil, uninitialized("scan key")
	}
	if !validPublicKey(spend) {
		return nil, uninitialized("spend key")
	}
	r := &Receiver{
		scanKey: *scan,
		scanPub: *scan.PublicKey(),
		spend:   *spend,
		byM:     make(map[uint32]int),
		byX:     make(map[[32]byte][2]int32),
	}
	r.scan.Set(scan.Scalar())
	r.spendAff = append(r.spendAff, publicKeyAffine(spend))
	if _, err := r.AddLabel(ChangeLabel); err != nil {
		return nil, err
	}
	return r, nil
}

// AddLabel registers label m for scanning and returns its spend key B_m.
// Registering a label twice is harmless. Constant time in b_scan; it costs
// one fixed-base scalar multiplication. A wallet recovering from a seed
// alone may register many labels (BIP-352 suggests 100k): scanning then
// switches to the BIP's per-output label lookup, whose cost does not grow
// with the number of labels.
func (r *Receiver) AddLabel(m uint32) (*secp256k1.PublicKey, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	if i, ok := r.byM[m]; ok {
		return copyKey(&r.labels[i].spend), nil
	}
	var l label
	l.m = m
	if err := labelTweak(&l.tweak, &r.scanKey, m); err != nil {
		return nil, err
	}
	var L, Bm secp256k1.Point
	L.ScalarBaseMult(&l.tweak)
	Bm.Add(r.spend.Point(), &L)
	spend, err := secp256k1.NewPublicKey(&Bm)
	if err != nil {
		return nil, err // ℓ = −b_spend: negligible
	}
	l.spend = *spend
	Lb := L.Bytes() // 65 bytes: ℓ ≠ 0
	x := [32]byte(Lb[1:33])
	parity := Lb[64] & 1
	idx, ok := r.byX[x]
	if !ok {
		idx = [2]int32{-1, -1}
	}
	idx[parity] = int32(len(r.labels))
	r.byX[x] = idx
	r.byM[m] = len(r.labels)
	r.labels = append(r.labels, l)
	r.spendAff = append(r.spendAff, publicKeyAffine(spend))
	return spend, nil
}

// NumLabels returns the number of registered labels, the change label
// included.
func (r *Receiver) NumLabels() int {
	r.mustValid()
	return len(r.labels)
}

// Address returns the receiver's unlabeled address (B_scan, B_spend) with
// the human-readable part hrp (MainnetHRP or TestnetHRP).
func (r *Receiver) Address(hrp string) *Address {
	r.mustValid()
	return r.address(hrp, &r.spend)
}

// address returns the address (B_scan, spend), with copies of the keys.
func (r *Receiver) address(hrp string, spend *secp256k1.PublicKey) *Address {
	return &Address{HRP: hrp, Scan: copyKey(&r.scanPub), Spend: copyKey(spend)}
}

// LabeledAddress registers label m (m ≥ 1) and returns the address
// (B_scan, B_m). It returns ErrChangeAddress for m = 0.
func (r *Receiver) LabeledAddress(hrp string, m uint32) (*Address, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	if m == ChangeLabel {
		return nil, ErrChangeAddress
	}
	Bm, err := r.AddLabel(m)
	if err != nil {
		return nil, err
	}
	return r.address(hrp, Bm), nil
}

// ChangeAddress returns the address with the change label, (B_scan, B₀),
// for the wallet's own change outputs only: never show it to anyone.
func (r *Receiver) ChangeAddress(hrp string) *Address {
	r.mustValid()
	return r.address(hrp, &r.labels[r.byM[ChangeLabel]].spend)
}

// FoundOutput is an output that pays the receiver. Its zero value, whose
// Tweak is 0, is not one: PrivateKey returns an error wrapping
// secp256k1.ErrUninitialized for it rather than b_spend itself.
//
// Tweak links the output to the receiver's address (PublicKey = B_spend +
// Tweak·G, up to the label) and, with b_spend, gives the output's private
// key: fmt prints the other fields and REDACTED for it (see Format). Store
// it as carefully as the wallet's other spending data.
type FoundOutput struct {
	Index     int      // position in the outputs passed to the scan
	PublicKey [32]byte // the x-only output key
	// Tweak is t_k, plus the label tweak ℓ when Labeled, mod n: the
	// output's private key is d = b_spend + Tweak (see PrivateKey).
	Tweak   [32]byte
	K       uint32 // the k of t_k
	Labeled bool
	Label   uint32 // m, if Labeled
}

// String returns the public fields of f and REDACTED for its Tweak.
func (f FoundOutput) String() string {
	label := "unlabeled"
	if f.Labeled {
		label = fmt.Sprintf("label %d", f.Label)
	}
	return fmt.Sprintf("silentpayments.FoundOutput(index %d, output key %x, k %d, %s, tweak REDACTED)", f.Index, f.PublicKey, f.K, label)
}

// GoString returns the fields of f in Go syntax, with REDACTED for its
// Tweak, for %#v.
func (f FoundOutput) GoString() string {
	return fmt.Sprintf("silentpayments.FoundOutput{Index: %d, PublicKey: %#v, Tweak: REDACTED, K: %d, Labeled: %t, Label: %d}", f.Index, f.PublicKey, f.K, f.Labeled, f.Label)
}

// Format makes every fmt verb (%v, %+v, %s, %x, %d, …) print String's text
// (GoString's for %#v), for a FoundOutput, a pointer to one, or one in an
// exported field, slice or map: never its Tweak.
func (f FoundOutput) Format(st fmt.State, verb rune) {
	if verb == 'v' && st.Flag('#') {
		fmt.Fprint(st, f.GoString())
		return
	}
	fmt.Fprint(st, f.String())
}

// PrivateKey returns the output's private key d = b_spend + Tweak mod n, for
// BIP-340 signing of a key-path spend (schnorr.Sign takes care of the y
// parity). It returns an error wrapping secp256k1.ErrUninitialized for a nil
// or zero spend key and for a Tweak of 0 (the zero FoundOutput; a scan
// gives it with negligible probability). Constant time.
func (f *FoundOutput) PrivateKey(spend *secp256k1.PrivateKey) (*secp256k1.PrivateKey, error) {
	if !validPrivateKey(spend) {
		return nil, uninitialized("spend key")
	}
	if f.Tweak == ([32]byte{}) {
		return nil, uninitialized("FoundOutput (its Tweak is 0)")
	}
	return spend.TweakAdd(f.Tweak[:])
}

// Scan returns the outputs among outputs (the x-only keys of the
// transaction's taproot outputs, in transaction order) that pay the
// receiver, given the transaction's PrevoutsSummary (the full-node path:
// ecdh_shared_secret = input_hash·b_scan·A). The found outputs come in the
// order of k. Outputs that are not valid x coordinates never match. It
// returns an error wrapping secp256k1.ErrUninitialized for a nil or zero
// summary, and otherwise only in the negligible case of an invalid t_k.
//
// Constant time in b_scan and in the shared secret and its tweaks t_k; the
// comparisons with the (public) outputs are variable time.
func (r *Receiver) Scan(summary *PrevoutsSummary, outputs [][32]byte) ([]FoundOutput, error) {
	return r.scanSummary(summary, outputs, nil)
}

// scanSummary is Scan, with the caller's label lookup if not nil.
func (r *Receiver) scanSummary(summary *PrevoutsSummary, outputs [][32]byte, lookup LabelLookup) ([]FoundOutput, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	if err := summary.check(); err != nil {
		return nil, err
	}
	if len(outputs) == 0 {
		return nil, nil
	}
	var s secp256k1.Scalar
	s.Multiply(&summary.inputHash, &r.scan)
	var shared secp256k1.Point
	shared.ScalarMult(&s, summary.sum.Point())
	s = secp256k1.Scalar{}
	return r.scanShared(&shared, outputs, lookup)
}

// ScanWithTweak is Scan for a light client that downloaded the
// transaction's tweak data input_hash·A (PrevoutsSummary.PublicTweak) from
// a server: ecdh_shared_secret = b_scan·tweak. It returns an error wrapping
// secp256k1.ErrUninitialized for a nil or zero tweak.
func (r *Receiver) ScanWithTweak(tweak *secp256k1.PublicKey, outputs [][32]byte) ([]FoundOutput, error) {
	return r.scanTweak(tweak, outputs, nil)
}

// scanTweak is ScanWithTweak, with the caller's label lookup if not nil.
func (r *Receiver) scanTweak(tweak *secp256k1.PublicKey, outputs [][32]byte, lookup LabelLookup) ([]FoundOutput, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	if !validPublicKey(tweak) {
		return nil, uninitialized("tweak")
	}
	if len(outputs) == 0 {
		return nil, nil
	}
	var shared secp256k1.Point
	shared.ScalarMult(&r.scan, tweak.Point())
	return r.scanShared(&shared, outputs, lookup)
}

// publicKeyAffine returns the affine coordinates of a public key, which
// the caller has checked; a zero one panics, as its methods do.
func publicKeyAffine(p *secp256k1.PublicKey) group.Affine {
	return door.MustPublicKey(p)
}
