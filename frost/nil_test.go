package frost

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
	s := newSetup(t, r, 3, 2)
	ids := []int{0, 1}
	signers := s.signers(t, ids)
	_, pubs := plainNonces(t, len(ids))
	sess, err := NewSessionContextWithNonces(signers, pubs, nil, nil, []byte("m"))
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
			_, err := NewSessionContext(signers, nil, nil, nil, []byte("m"))
			return err
		}, Coordinator, ContribAggNonce, ErrAggNonce},
		{"SessionContext.PartialSigVerify(nil psig)", func() error {
			return sess.PartialSigVerify(nil, &pubs[0], 0)
		}, 0, ContribPartialSig, ErrPartialSig},
		{"SessionContext.PartialSigVerify(nil pubnonce)", func() error {
			return sess.PartialSigVerify(&psig, nil, 1)
		}, 1, ContribPubNonce, ErrPubNonce},
		{"PartialSigVerify(nil psig)", func() error {
			return PartialSigVerify(nil, pubs, signers, nil, nil, []byte("m"), 0)
		}, 0, ContribPartialSig, ErrPartialSig},
	} {
		err := testref.ErrorOrPanic(c.f)
		var ice *InvalidContributionError
		if !errors.As(err, &ice) || ice.Signer != c.signer || ice.Contrib != c.contrib || !errors.Is(err, c.cause) {
			t.Errorf("%s: %v, want signer %d blamed for %v (%v)", c.name, err, c.signer, c.contrib, c.cause)
		}
	}
}
