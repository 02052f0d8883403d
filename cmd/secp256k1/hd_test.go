package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The hd commands, run as a user would: BIP-32's test vectors through
// derive and neuter, standard input, -json, and the errors.

type hdVectors struct {
	Valid []struct {
		Seed   string
		Chains []struct{ Path, Xpub, Xprv string }
	}
	InvalidExtendedKeys []struct{ Key, Reason string } `json:"invalid_extended_keys"`
}

func loadHDVectors(t *testing.T) *hdVectors {
	t.Helper()
	var v hdVectors
	testref.JSON(t, "../../testdata/bip-0032/bip32_test_vectors.json", &v)
	return &v
}

func TestHDVectors(t *testing.T) {
	v := loadHDVectors(t)
	for _, tv := range v.Valid {
		var prevXpub string
		for _, c := range tv.Chains {
			out, errOut, code := cli(t, "", "hd", "derive", tv.Seed, c.Path)
			if code != 0 || out != c.Xprv {
				t.Errorf("hd derive %s %s = %q, exit %d, %q; want %s", tv.Seed, c.Path, out, code, errOut, c.Xprv)
			}
			if out, _, code := cli(t, "", "hd", "neuter", c.Xprv); code != 0 || out != c.Xpub {
				t.Errorf("hd neuter %s = %q, exit %d; want %s", c.Xprv, out, code, c.Xpub)
			}
			// One level down from the previous key, publicly where the
			// level is unhardened.
			if prevXpub != "" {
				last := c.Path[strings.LastIndexByte(c.Path, '/')+1:]
				out, errOut, code := cli(t, "", "hd", "derive", prevXpub, last)
				hardened := strings.HasSuffix(last, "'")
				if hardened && (code != 2 || !strings.Contains(errOut, "needs a private key")) {
					t.Errorf("hd derive <xpub> %s: exit %d, %q", last, code, errOut)
				}
				if !hardened && (code != 0 || out != c.Xpub) {
					t.Errorf("hd derive <xpub> %s = %q, exit %d, %q; want %s", last, out, code, errOut, c.Xpub)
				}
			}
			prevXpub = c.Xpub
		}
	}
	for _, c := range v.InvalidExtendedKeys {
		out, errOut, code := cli(t, "", "hd", "derive", c.Key, "0")
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "secp256k1 hd derive: extended key: ") || strings.Contains(errOut, "\n") {
			t.Errorf("%s (%s): exit %d, stdout %q, stderr %q", c.Key, c.Reason, code, out, errOut)
		}
	}
}

func TestHDStdinAndJSON(t *testing.T) {
	const seed = "000102030405060708090a0b0c0d0e0f"
	want := "xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs"
	wantPub := "xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ"
	// The seed and the path from standard input, hardened as h and H.
	if out, _, code := cli(t, seed+"\nm/0H/1\n", "hd", "derive", "-", "-"); code != 0 || out != want {
		t.Fatalf("hd derive - - = %q, exit %d", out, code)
	}
	if out, _, code := cli(t, "0x"+seed, "hd", "derive", "-", "m/0h/1"); code != 0 || out != want {
		t.Fatalf("hd derive with a 0x seed = %q, exit %d", out, code)
	}
	out, _, code := cli(t, "", "hd", "derive", "-json", seed, "m/0'/1")
	var js map[string]any
	if err := json.Unmarshal([]byte(out), &js); err != nil || code != 0 {
		t.Fatalf("hd derive -json = %q, exit %d", out, code)
	}
	for k, v := range map[string]any{
		"xprv": want, "xpub": wantPub, "depth": 2.0, "child_index": 1.0,
		"parent_fingerprint": "5c1bd648", "fingerprint": "bef5a2f9",
		"pubkey": "03501e454bf00751f24b1b489aa925215d66af2234e3891c3b21a52bedb3cd711c",
	} {
		if js[k] != v {
			t.Errorf("hd derive -json: %s = %v, want %v", k, js[k], v)
		}
	}
	// An xpub's JSON has no xprv; neuter of an xpub is the xpub.
	out, _, code = cli(t, want+"\n", "hd", "neuter", "-json", "-")
	js = nil
	if err := json.Unmarshal([]byte(out), &js); err != nil || code != 0 || js["xpub"] != wantPub || js["xprv"] != nil {
		t.Errorf("hd neuter -json = %q, exit %d", out, code)
	}
	if out, _, code := cli(t, "", "hd", "neuter", wantPub); code != 0 || out != wantPub {
		t.Errorf("hd neuter <xpub> = %q, exit %d", out, code)
	}
	// -testnet: a tprv, which neuters to a tpub and keeps its version.
	tprv, _, code := cli(t, "", "hd", "derive", "-testnet", seed, "m/0'")
	if code != 0 || !strings.HasPrefix(tprv, "tprv") {
		t.Fatalf("hd derive -testnet = %q, exit %d", tprv, code)
	}
	if out, _, code := cli(t, "", "hd", "neuter", tprv); code != 0 || !strings.HasPrefix(out, "tpub") {
		t.Errorf("hd neuter <tprv> = %q, exit %d", out, code)
	}
	if out, _, code := cli(t, "", "hd", "derive", tprv, "1"); code != 0 || !strings.HasPrefix(out, "tprv") {
		t.Errorf("hd derive <tprv> 1 = %q, exit %d", out, code)
	}
}

func TestHDErrors(t *testing.T) {
	const seed = "000102030405060708090a0b0c0d0e0f"
	xprv, _, _ := cli(t, "", "hd", "derive", seed, "m/0'")
	xpub, _, _ := cli(t, "", "hd", "neuter", xprv)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"hd"}, "usage: secp256k1 hd"},
		{[]string{"hd", "frobnicate"}, `secp256k1 hd: unknown command "frobnicate"`},
		{[]string{"hd", "help", "frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"help", "hd", "derive", "neuter"}, "want at most one command, got 2"},
		{[]string{"hd", "derive", seed}, "want arguments <seed|xprv|xpub> <path>, got 1"},
		{[]string{"hd", "derive", seed, "m", "-json"}, "got 3 (flags go before the arguments)"},
		{[]string{"hd", "neuter"}, "want arguments <xprv>, got 0"},
		{[]string{"hd", "derive", "-uncompressed", seed, "m"}, "-uncompressed is not a flag of hd derive, which takes -json -testnet"},
		{[]string{"hd", "derive", "-format=der", seed, "m"}, "-format is not a flag of hd derive"},
		{[]string{"hd", "neuter", "-testnet", xprv}, "-testnet is not a flag of hd neuter, which takes -json"},
		{[]string{"hd", "derive", "-frob", seed, "m"}, "flag provided but not defined: -frob"},
		{[]string{"hd", "derive", "-", "m"}, "missing <seed|xprv|xpub> on standard input"},
		// Seeds.
		{[]string{"hd", "derive", strings.Repeat("00", 15), "m"}, "seed: want 16 to 64 bytes (32 to 128 hex digits), got 15 bytes"},
		{[]string{"hd", "derive", strings.Repeat("00", 65), "m"}, "got 65 bytes"},
		{[]string{"hd", "derive", seed + "0", "m"}, "seed: odd number of hex digits (33)"},
		{[]string{"hd", "derive", "-testnet", xprv, "0"}, "-testnet applies to a seed"},
		// Extended keys.
		{[]string{"hd", "derive", xprv[:len(xprv)-1], "0"}, "extended key: a serialized extended key is 78 bytes and a 4-byte checksum: got 81 bytes"},
		{[]string{"hd", "derive", xprv[:len(xprv)-1] + "0", "0"}, `extended key: not a Base58 string: the character "0"`},
		{[]string{"hd", "neuter", xprv[:len(xprv)-1] + "1"}, "extended key: checksum mismatch"},
		{[]string{"hd", "neuter", seed}, "<xprv>: want an extended key, not hex"},
		// Paths.
		{[]string{"hd", "derive", seed, ""}, "path: empty (the master key itself is m)"},
		{[]string{"hd", "derive", seed, "m/"}, "path: level 1: empty"},
		{[]string{"hd", "derive", seed, "m/2147483648"}, "path: level 1: \"2147483648\": the index is not less than 2³¹"},
		{[]string{"hd", "derive", seed, "m/0x"}, `path: level 1: "0x" is not an index`},
		{[]string{"hd", "derive", xprv, "m/1"}, "path: \"m/1\" starts at the master key m, and this key has depth 1"},
		{[]string{"hd", "derive", xpub, "1/2'"}, "path: a hardened index (', h or H) needs a private key"},
		{[]string{"hd", "derive", seed, "m/" + strings.Repeat("0/", 255) + "0"}, "path: more than 255 levels"},
	} {
		out, errOut, code := cli(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
		if strings.HasPrefix(c.want, "usage") {
			continue
		}
		if strings.Count(errOut, "\n") != 0 {
			t.Errorf("%v: stderr is not one line: %q", c.args, errOut)
		}
	}
}

func TestHDHelp(t *testing.T) {
	if out, _, code := cli(t, "", "help"); code != 0 || !strings.Contains(out, "hd derive <seed|xprv|xpub> <path>") || !strings.Contains(out, "hd neuter <xprv>") {
		t.Errorf("help does not list the hd commands: exit %d", code)
	}
	for _, args := range [][]string{{"hd", "-h"}, {"hd", "--help"}, {"hd", "help"}, {"help", "hd"}} {
		if out, errOut, code := cli(t, "", args...); code != 0 || !strings.HasPrefix(out, "usage: secp256k1 hd <command>") || errOut != "" {
			t.Errorf("%v: exit %d, %q, %q", args, code, out, errOut)
		}
	}
	for _, name := range []string{"derive", "neuter"} {
		for _, args := range [][]string{{"hd", name, "-h"}, {"hd", name, "--help"}, {"hd", "help", name}, {"help", "hd", name}, {"hd", name, "x", "-h"}} {
			out, errOut, code := cli(t, "", args...)
			if code != 0 || !strings.HasPrefix(out, "usage: secp256k1 hd "+name+" [flags] ") || !strings.Contains(out, "-json") || errOut != "" {
				t.Errorf("%v: exit %d, %q, %q", args, code, out, errOut)
			}
		}
	}
	if out, _, _ := cli(t, "", "hd", "derive", "-h"); !strings.Contains(out, "-testnet") {
		t.Error("hd derive -h does not show -testnet")
	}
}
