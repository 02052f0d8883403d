package keyfmt

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestZeroKeys checks the zero-value rule of the key types here: every
// Marshal function returns secp256k1.ErrUninitialized for a nil or
// zero-value key (and a wiped one), without a panic and without output.
func TestZeroKeys(t *testing.T) {
	wiped := testKey(t, 9)
	wiped.Zero()
	privs := map[string]*secp256k1.PrivateKey{"nil": nil, "zero": new(secp256k1.PrivateKey), "wiped": wiped}
	pubs := map[string]*secp256k1.PublicKey{"nil": nil, "zero": new(secp256k1.PublicKey)}
	errs := map[string]error{}
	for kname, k := range privs {
		for _, f := range privateFormats {
			out, err := f.marshal(k)
			if out != nil {
				t.Errorf("%s(%s key) wrote %q", f.name, kname, out)
			}
			errs[f.name+"("+kname+" key)"] = err
		}
	}
	for pname, p := range pubs {
		for _, f := range publicFormats {
			out, err := f.marshal(p)
			if out != nil {
				t.Errorf("%s(%s key) wrote %q", f.name, pname, out)
			}
			errs[f.name+"("+pname+" key)"] = err
		}
	}
	testkey.CheckUninitialized(t, errs)
}
