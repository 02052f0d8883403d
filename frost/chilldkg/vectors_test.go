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

type vecCase struct {
	TcID               int        `json:"tcId"`
	Comment            string     `json:"comment"`
	Hostseckey         string     `json:"hostseckey"`
	Params             *vecParams `json:"params"`
	ExpectedHostpubkey string     `json:"expectedHostpubkey"`
	ExpectedParamsHash string     `json:"expectedParamsHash"`
	ExpectedError      *vecError  `json:"expectedError"`
}

type vecGroup struct {
	ValidTestCases []vecCase `json:"validTestCases"`
	ErrorTestCases []vecCase `json:"errorTestCases"`
}

type vecFile struct {
	TotalTests int        `json:"totalTests"`
	TestGroups []vecGroup `json:"testGroups"`
	vecGroup
}

// loadVectors reads testdata/chilldkg/name and returns its valid and error
// cases, checking the total against totalTests.
func loadVectors(t *testing.T, name string) (valid, invalid []vecCase) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "chilldkg", name))
	if err != nil {
		t.Fatal(err)
	}
	var f vecFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	groups := append(f.TestGroups, f.vecGroup)
	for _, g := range groups {
		valid = append(valid, g.ValidTestCases...)
		invalid = append(invalid, g.ErrorTestCases...)
	}
	if len(valid)+len(invalid) != f.TotalTests {
		t.Fatalf("%s: %d cases, totalTests %d", name, len(valid)+len(invalid), f.TotalTests)
	}
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
		got, err := HostPubkeyGen(unhex(t, c.Hostseckey))
		if err != nil || !bytes.Equal(got, unhex(t, c.ExpectedHostpubkey)) {
			t.Errorf("tcId %d: got %x, %v", c.TcID, got, err)
		}
	}
	for _, c := range invalid {
		_, err := HostPubkeyGen(unhex(t, c.Hostseckey))
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
