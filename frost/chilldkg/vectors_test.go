package chilldkg

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
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

func TestHostSecretKeyRedaction(t *testing.T) {
	h, err := NewHostSecretKey(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := json.Marshal(h); err == nil {
		t.Error("MarshalJSON succeeded")
	}
	h.Erase()
	if _, err := h.PublicKey(); !errors.Is(err, ErrHostSeckey) {
		t.Errorf("erased key: %v", err)
	}
	if _, err := new(HostSecretKey).PublicKey(); !errors.Is(err, ErrHostSeckey) {
		t.Errorf("zero key: %v", err)
	}
}
