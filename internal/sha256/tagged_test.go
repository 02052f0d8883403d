package sha256

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// moduleTags returns the tags of every NewTag("…") call in the module's Go
// files other than tests, so that each tag a package declares is checked
// here.
func moduleTags(t *testing.T) []string {
	re := regexp.MustCompile(`NewTag\("([^"\\]*)"\)`)
	var tags []string
	err := filepath.WalkDir("../..", func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if n := e.Name(); path != "../.." && (strings.HasPrefix(n, ".") || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range re.FindAllSubmatch(src, -1) {
			tags = append(tags, string(m[1]))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(tags)
	tags = slices.Compact(tags)
	// A guard against a scan that misses packages: a tag of each.
	for _, want := range []string{"BIP0340/challenge", "TapTweak", "KeyAgg list", "bip324_ellswift_xonly_ecdh", "BIP0352/Inputs"} {
		if !slices.Contains(tags, want) {
			t.Fatalf("the scan of the module found no NewTag(%q); found %q", want, tags)
		}
	}
	return tags
}

// TestTags checks every tag in the module, the empty tag and one longer than a
// block against testref.TaggedHash (crypto/sha256), for messages of 0 to 149
// bytes: Sum in two parts, New with Write, and Sum32x2.
func TestTags(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, tag := range append(moduleTags(t), "", strings.Repeat("long tag ", 20)) {
		tg := NewTag(tag)
		for n := range 150 {
			msg := make([]byte, n)
			for i := range msg {
				msg[i] = byte(r.Uint32())
			}
			want := testref.TaggedHash(tag, msg)
			if got := tg.Sum(msg[:n/3], msg[n/3:]); got != want {
				t.Fatalf("Sum, tag %q, length %d: %x, want %x", tag, n, got, want)
			}
			d := tg.New()
			d.Write(msg)
			var got [Size]byte
			d.Sum(&got)
			if got != want {
				t.Fatalf("New, tag %q, length %d: %x, want %x", tag, n, got, want)
			}
			var a, b [32]byte
			copy(a[:], msg)
			copy(b[:], msg[min(n, 32):])
			if got, want := tg.Sum32x2(&a, &b, msg), testref.TaggedHash(tag, a[:], b[:], msg); got != want {
				t.Fatalf("Sum32x2, tag %q, length %d: %x, want %x", tag, n, got, want)
			}
		}
	}
}

func TestTagAllocations(t *testing.T) {
	race.SkipAllocs(t)
	tg := NewTag("BIP0340/nonce")
	var a, b, out [32]byte
	msg := make([]byte, 32)
	long := make([]byte, 300)
	if n := testing.AllocsPerRun(100, func() {
		out = tg.Sum(a[:], msg, long)
		out = BIP340Challenge.Sum32x2(&a, &b, msg)
		out = BIP340Challenge.Sum32x2(&a, &b, long)
		d := tg.New()
		d.Write(long)
		d.Sum(&out)
		_ = NewTag("BIP0340/aux")
	}); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}
