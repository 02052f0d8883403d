package musig2

import (
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestNilWireValues checks that nil wire values (*AggNonce, *PartialSig,
// *PubNonce) get the InvalidContributionError of an invalid value, blaming
// the party that sent it, and never a panic.
func TestNilWireValues(t *testing.T) {
	r := testref.Rand(t)
	signers := newSigners(t, r, 2, false)
	ka, err := KeyAgg(pubkeysOf(signers))
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("m")
	pubnonces, agg := genNonces(t, r, signers, ka, msg)
	sess, err := ka.NewSessionContext(agg, msg)
	if err != nil {
		t.Fatal(err)
	}
	var psig PartialSig
	for _, c := range []struct {
		name    string
		f       func() error
		signer  int
		contrib string
		cause   error
	}{
		{"NewSessionContext(nil aggnonce)", func() error {
			_, err := NewSessionContext(nil, pubkeysOf(signers), nil, nil, msg)
			return err
		}, Aggregator, ContribAggNonce, ErrAggNonce},
		{"KeyAggContext.NewSessionContext(nil aggnonce)", func() error {
			_, err := ka.NewSessionContext(nil, msg)
			return err
		}, Aggregator, ContribAggNonce, ErrAggNonce},
		{"DeterministicSign(nil aggothernonce)", func() error {
			_, _, err := DeterministicSign(signers[0].sk, nil, pubkeysOf(signers), nil, nil, msg, nil)
			return err
		}, Aggregator, ContribAggOtherNonce, ErrAggNonce},
		{"SessionContext.PartialSigVerify(nil psig)", func() error {
			return sess.PartialSigVerify(nil, &pubnonces[0], 0)
		}, 0, ContribPartialSig, ErrPartialSig},
		{"SessionContext.PartialSigVerify(nil pubnonce)", func() error {
			return sess.PartialSigVerify(&psig, nil, 1)
		}, 1, ContribPubNonce, ErrPubNonce},
		{"PartialSigVerify(nil psig)", func() error {
			return PartialSigVerify(nil, pubnonces, pubkeysOf(signers), nil, nil, msg, 0)
		}, 0, ContribPartialSig, ErrPartialSig},
	} {
		err := testref.ErrorOrPanic(c.f)
		var ice *InvalidContributionError
		if !errors.As(err, &ice) || ice.Signer != c.signer || ice.Contrib != c.contrib || !errors.Is(err, c.cause) {
			t.Errorf("%s: %v, want signer %d blamed for %v (%v)", c.name, err, c.signer, c.contrib, c.cause)
		}
	}
}
