package chilldkg

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

type vecError struct {
	Type           string `json:"type"`
	ParticipantID  *int   `json:"participantId"`
	ParticipantID1 *int   `json:"participantId1"`
	ParticipantID2 *int   `json:"participantId2"`
}

type vecParams struct {
	HostPubkeys []string `json:"hostpubkeys"`
	T           int      `json:"t"`
}

type vecDKGOutput struct {
	Secshare  *string  `json:"secshare"`
	ThreshPk  string   `json:"threshPk"`
	Pubshares []string `json:"pubshares"`
}

type vecOutput struct {
	Cmsg2        string        `json:"cmsg2"`
	DKGOutput    *vecDKGOutput `json:"dkgOutput"`
	RecoveryData string        `json:"recoveryData"`
	Params       *vecParams    `json:"params"`
}

// vecCase is one test case with its group's common fields merged in (the
// case's own fields win).
type vecCase struct {
	TcID               int        `json:"tcId"`
	Comment            string     `json:"comment"`
	Hostseckey         *string    `json:"hostseckey"`
	GroupHostseckey    *string    `json:"groupHostseckey"`
	Params             *vecParams `json:"params"`
	Random             string     `json:"random"`
	AuxRand            string     `json:"auxRand"`
	Pmsg1              string     `json:"pmsg1"`
	Cmsg1              string     `json:"cmsg1"`
	Pmsg2              string     `json:"pmsg2"`
	Cmsg2              string     `json:"cmsg2"`
	Pmsgs1             []string   `json:"pmsgs1"`
	Pmsg1Pool          []string   `json:"pmsg1Pool"`
	Pmsg2Pool          []string   `json:"pmsg2Pool"`
	Cmsg1Pool          []string   `json:"cmsg1Pool"`
	Pmsg1Indices       []int      `json:"pmsg1Indices"`
	Pmsg2Indices       []int      `json:"pmsg2Indices"`
	Cmsg1Index         int        `json:"cmsg1Index"`
	CinvMsg            string     `json:"cinvMsg"`
	RecoveryData       string     `json:"recoveryData"`
	ExpectedHostpubkey string     `json:"expectedHostpubkey"`
	ExpectedParamsHash string     `json:"expectedParamsHash"`
	ExpectedPmsg1      string     `json:"expectedPmsg1"`
	ExpectedCmsg1      string     `json:"expectedCmsg1"`
	ExpectedPmsg2      string     `json:"expectedPmsg2"`
	ExpectedCinvMsgs   []string   `json:"expectedCinvMsgs"`
	ExpectedOutput     *vecOutput `json:"expectedOutput"`
	ExpectedError      *vecError  `json:"expectedError"`
}

type rawGroup map[string]json.RawMessage

// loadVectors reads testdata/chilldkg/name and returns its valid and error
// cases, each merged with its group's fields, checking the total against
// totalTests.
func loadVectors(t *testing.T, name string) (valid, invalid []vecCase) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "chilldkg", name))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		TotalTests int        `json:"totalTests"`
		TestGroups []rawGroup `json:"testGroups"`
	}
	var top rawGroup
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &top); err != nil {
		t.Fatal(err)
	}
	groups := append(f.TestGroups, top)
	cases := func(g rawGroup, key string) []vecCase {
		var raws []rawGroup
		if g[key] != nil {
			if err := json.Unmarshal(g[key], &raws); err != nil {
				t.Fatal(err)
			}
		}
		var out []vecCase
		for _, r := range raws {
			m := rawGroup{}
			for k, v := range g {
				if k != "validTestCases" && k != "errorTestCases" && k != "testGroups" {
					m[k] = v
				}
			}
			if g["hostseckey"] != nil {
				m["groupHostseckey"] = g["hostseckey"]
			}
			for k, v := range r {
				m[k] = v
			}
			mb, _ := json.Marshal(m)
			var c vecCase
			if err := json.Unmarshal(mb, &c); err != nil {
				t.Fatal(err)
			}
			out = append(out, c)
		}
		return out
	}
	for _, g := range groups {
		valid = append(valid, cases(g, "validTestCases")...)
		invalid = append(invalid, cases(g, "errorTestCases")...)
	}
	if len(valid)+len(invalid) != f.TotalTests {
		t.Fatalf("%s: %d cases, totalTests %d", name, len(valid)+len(invalid), f.TotalTests)
	}
	t.Logf("%s: %d valid and %d error cases", name, len(valid), len(invalid))
	return valid, invalid
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (p *vecParams) params(t *testing.T) *SessionParams {
	sp := &SessionParams{T: p.T}
	for _, h := range p.HostPubkeys {
		sp.HostPubkeys = append(sp.HostPubkeys, unhex(t, h))
	}
	return sp
}

// checkError reports whether err is the error the vector expects, with the
// blamed participants it names.
func checkError(t *testing.T, c *vecCase, err error) {
	t.Helper()
	e := c.ExpectedError
	if err == nil {
		t.Errorf("tcId %d (%s): no error, want %s", c.TcID, c.Comment, e.Type)
		return
	}
	ok := false
	switch e.Type {
	case "ValueError":
		ok = errors.Is(err, ErrLength)
	case "HostSeckeyError":
		ok = errors.Is(err, ErrHostSeckey)
	case "RandomnessError":
		ok = errors.Is(err, ErrRandomness)
	case "RecoveryDataError":
		ok = errors.Is(err, ErrRecoveryData)
	case "FaultyParticipantError":
		var x *FaultyParticipantError
		ok = errors.As(err, &x) && e.ParticipantID != nil && x.ParticipantID == *e.ParticipantID && errors.Is(err, ErrProtocol)
	case "FaultyParticipantOrCoordinatorError":
		var x *FaultyParticipantOrCoordinatorError
		ok = errors.As(err, &x) && e.ParticipantID != nil && x.ParticipantID == *e.ParticipantID && errors.Is(err, ErrProtocol)
	case "FaultyCoordinatorError":
		var x *FaultyCoordinatorError
		ok = errors.As(err, &x) && errors.Is(err, ErrProtocol)
	case "UnknownFaultyParticipantOrCoordinatorError":
		var x *UnknownFaultyParticipantOrCoordinatorError
		ok = errors.As(err, &x) && errors.Is(err, ErrProtocol)
	case "ThresholdOrCountError":
		ok = errors.Is(err, ErrThresholdOrCount)
	case "InvalidHostPubkeyError":
		var x *InvalidHostPubkeyError
		ok = errors.As(err, &x) && e.ParticipantID != nil && x.ParticipantID == *e.ParticipantID
	case "DuplicateHostPubkeyError":
		var x *DuplicateHostPubkeyError
		ok = errors.As(err, &x) && e.ParticipantID1 != nil && e.ParticipantID2 != nil &&
			x.ParticipantID1 == *e.ParticipantID1 && x.ParticipantID2 == *e.ParticipantID2
	default:
		t.Fatalf("tcId %d: unhandled expected error type %q", c.TcID, e.Type)
	}
	if !ok {
		t.Errorf("tcId %d (%s): got %v, want %s %+v", c.TcID, c.Comment, err, e.Type, e)
	}
}

func TestVectorsHostpubkeyGen(t *testing.T) {
	valid, invalid := loadVectors(t, "hostpubkey_gen_vectors.json")
	for _, c := range valid {
		got, err := HostPubkeyGen(unhex(t, *c.Hostseckey))
		if err != nil || !bytes.Equal(got, unhex(t, c.ExpectedHostpubkey)) {
			t.Errorf("tcId %d: got %x, %v", c.TcID, got, err)
		}
	}
	for _, c := range invalid {
		_, err := HostPubkeyGen(unhex(t, *c.Hostseckey))
		checkError(t, &c, err)
	}
}

func TestVectorsParamsHash(t *testing.T) {
	valid, invalid := loadVectors(t, "params_hash_vectors.json")
	for _, c := range valid {
		got, err := ParamsHash(c.Params.params(t))
		if err != nil || !bytes.Equal(got[:], unhex(t, c.ExpectedParamsHash)) {
			t.Errorf("tcId %d: got %x, %v", c.TcID, got, err)
		}
	}
	for _, c := range invalid {
		_, err := ParamsHash(c.Params.params(t))
		checkError(t, &c, err)
	}
}

// TestHostSecretKeyRedaction checks that no fmt verb prints the host
// secret key, for the key by pointer and by value and in structs that hold
// it either way, that each verb prints the fixed text, and that
// encoding/json refuses it.
func TestHostSecretKeyRedaction(t *testing.T) {
	secret := randBytes(testref.PCG(t), 32)
	secret[0] &= 0x7f // less than n
	h, err := NewHostSecretKey(secret)
	if err != nil {
		t.Fatal(err)
	}
	secrets := testref.SecretTexts(secret)
	type holder struct {
		Key  HostSecretKey
		Ptr  *HostSecretKey
		List []HostSecretKey
		Map  map[string]*HostSecretKey
	}
	hold := holder{Key: *h, Ptr: h, List: []HostSecretKey{*h}, Map: map[string]*HostSecretKey{"h": h}}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x"} {
		t.Run(verb, func(t *testing.T) {
			for _, arg := range []any{h, *h, hold, &hold} {
				out := fmt.Sprintf(verb, arg)
				for _, sec := range secrets {
					if strings.Contains(out, sec) {
						t.Fatalf("fmt.Sprintf(%q, %T) = %q contains the secret %q", verb, arg, out, sec)
					}
				}
			}
			want := "chilldkg.HostSecretKey(REDACTED)"
			if verb == "%#v" {
				want = "chilldkg.HostSecretKey{REDACTED}"
			}
			for _, arg := range []any{h, *h} {
				if got := fmt.Sprintf(verb, arg); got != want {
					t.Errorf("fmt.Sprintf(%q, %T) = %q, want %q", verb, arg, got, want)
				}
			}
			if got := fmt.Sprintf(verb, hold); !strings.Contains(got, want) {
				t.Errorf("fmt.Sprintf(%q, holder) = %q, want it to contain %q", verb, got, want)
			}
		})
	}
	testref.CheckRedacted(t, secrets, h, *h, hold, &hold) // and the other verbs
	for _, arg := range []any{h, *h, hold} {
		if out, err := json.Marshal(arg); !errors.Is(err, secp256k1.ErrSecretMarshal) {
			t.Errorf("json.Marshal(%T) = %s, %v; want ErrSecretMarshal", arg, out, err)
		}
	}
	h.Erase()
	if _, err := h.PublicKey(); !errors.Is(err, ErrHostSeckey) {
		t.Errorf("erased key: %v", err)
	}
	if _, err := new(HostSecretKey).PublicKey(); !errors.Is(err, ErrHostSeckey) {
		t.Errorf("zero key: %v", err)
	}
}
