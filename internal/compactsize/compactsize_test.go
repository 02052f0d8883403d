package compactsize

import (
	"bytes"
	"encoding/hex"
	"math"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
)

// TestAppend checks the encoding at each boundary of each form, written out
// from Bitcoin Core's WriteCompactSize.
func TestAppend(t *testing.T) {
	for _, c := range []struct {
		n    uint64
		want string
	}{
		{0, "00"}, {1, "01"}, {0xfc, "fc"},
		{0xfd, "fdfd00"}, {0xfe, "fdfe00"}, {0xffff, "fdffff"},
		{0x10000, "fe00000100"}, {0x10001, "fe01000100"}, {0xffffffff, "feffffffff"},
		{1 << 32, "ff0000000001000000"}, {math.MaxUint64, "ffffffffffffffffff"},
	} {
		if got := hex.EncodeToString(Append(nil, c.n)); got != c.want {
			t.Errorf("Append(%#x) = %s, want %s", c.n, got, c.want)
		}
		// It appends: what b holds stays in front.
		if got := Append([]byte{0xaa}, c.n); got[0] != 0xaa || hex.EncodeToString(got[1:]) != c.want {
			t.Errorf("Append(aa, %#x) = %x, want aa%s", c.n, got, c.want)
		}
		if len(c.want) > 2*MaxLen {
			t.Errorf("%#x encodes in more than MaxLen bytes", c.n)
		}
	}
}

// TestAppendAllocs checks that Append into a buffer with MaxLen bytes of
// spare capacity allocates nothing.
func TestAppendAllocs(t *testing.T) {
	var buf [1 + MaxLen]byte
	var out []byte
	f := func() { out = Append(append(buf[:0], 0xc0), math.MaxUint64) }
	f()
	if !bytes.Equal(out, append([]byte{0xc0, 0xff}, bytes.Repeat([]byte{0xff}, 8)...)) {
		t.Errorf("Append = %x", out)
	}
	race.SkipAllocs(t)
	if n := testing.AllocsPerRun(100, f); n != 0 {
		t.Errorf("Append allocates %v times", n)
	}
}
