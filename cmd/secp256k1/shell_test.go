package main

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The command as a shell tool: WIF keys, address, pipelines from one
// command to the next, and the conventions a script relies on.

// The key 1 as hex and as WIF in its four forms (btcaddr's WIF vectors).
const (
	keyOne      = "0000000000000000000000000000000000000000000000000000000000000001"
	wifOne      = "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn"
	wifOneU     = "5HpHagT65TZzG1PH3CSu63k8DbpvD8s5ip4nEB3kEsreAnchuDf"
	wifOneTest  = "cMahea7zqjxrtgAbB7LSGbcQUr1uX1ojuat9jZodMN87JcbXMTcA"
	wifOneTestU = "91avARGdfge8E4tZfYLoxeJ5sGBdNJQH4kvjJoQFacbgwmaKkrx"
	gCompressed = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
)

// BIP-86's root key, of the mnemonic "abandon … about" that BIP-44, 49, 84
// and 86 all use for their vectors.
const bip86Root = "xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu"

// Every command that takes a private key takes a WIF, with the output it
// gives for the same key in hex (address, whose output depends on the
// WIF's network and compression, is TestAddress's).
func TestWIFArguments(t *testing.T) {
	hash := sha256Hex("wif")
	aux := strings.Repeat("00", 32)
	ell, _, _ := cli(t, "", "ellswift-create", keyOne, aux)
	p2wpkh := "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
	for _, args := range [][]string{
		{"pubkey", "KEY"},
		{"pubkey", "-uncompressed", "KEY"},
		{"pubkey", "-xonly", "KEY"},
		{"sign", "KEY", hash},
		{"sign", "-recoverable", "KEY", hash},
		{"ecdh", "KEY", gCompressed},
		{"schnorr-sign", "KEY", "00", aux},
		{"ellswift-create", "KEY", aux},
		{"ellswift-xdh", "KEY", ell, ell, "initiator"},
		{"message", "sign", "KEY", p2wpkh, "hello"},
		{"message", "sign", "-format", "legacy", "KEY", "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", "hello"},
	} {
		with := func(key string) []string {
			a := append([]string{}, args...)
			for i := range a {
				if a[i] == "KEY" {
					a[i] = key
				}
			}
			return a
		}
		want, errOut, code := cli(t, "", with(keyOne)...)
		if code != 0 || want == "" {
			t.Fatalf("%v: exit %d, stderr %q", with(keyOne), code, errOut)
		}
		for _, wif := range []string{wifOne, wifOneTest} {
			if out, errOut, code := cli(t, "", with(wif)...); code != 0 || out != want {
				t.Errorf("%v: %q, exit %d, stderr %q; with hex %q", with(wif), out, code, errOut, want)
			}
		}
		// From standard input, too.
		if out, errOut, code := cli(t, wifOne+"\n", with("-")...); code != 0 || out != want {
			t.Errorf("%v with the WIF on standard input: %q, exit %d, stderr %q", with("-"), out, code, errOut)
		}
	}
	// The public key of an uncompressed WIF is the uncompressed one, which
	// its P2PKH address hashes.
	gU, _, _ := cli(t, "", "pubkey", "-uncompressed", keyOne)
	for _, wif := range []string{wifOneU, wifOneTestU} {
		if out, _, code := cli(t, "", "pubkey", wif); code != 0 || out != gU {
			t.Errorf("pubkey %s = %q, exit %d; want %s", wif, out, code, gU)
		}
	}
	if _, errOut, code := cli(t, "", "pubkey", "-xonly", "-uncompressed", wifOne); code != 2 || !strings.Contains(errOut, "-uncompressed has no meaning with -xonly") {
		t.Errorf("pubkey -xonly -uncompressed: exit %d, stderr %q", code, errOut)
	}
	// A WIF of a key that is not valid, or with a wrong checksum or suffix.
	for _, c := range []struct{ wif, want string }{
		{"KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73Nd2Mcv1", "private key: the WIF's key is zero or not less than the group order n"},
		{"L5oLkpV3aqBjhki6LmvChTCV6odsp4SXM6FfU2Gppt5kFqRzExJJ", "private key: the WIF's key is zero or not less than the group order n"},
		{wifOne[:51] + "m", "private key: WIF: Base58Check checksum mismatch"},
		{"KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sfZr2ym", "private key: WIF: the byte after the key is 0x02"},
		{"0x" + wifOne, `private key: not hex: 'K' at position 1`},
		{strings.Repeat("5", 51), "private key: odd number of hex digits (51)"},
	} {
		for _, args := range [][]string{{"pubkey", c.wif}, {"message", "sign", c.wif, p2wpkh, "m"}} {
			out, errOut, code := cli(t, "", args...)
			if code != 2 || out != "" || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "\n") {
				t.Errorf("%v: %q, exit %d, stderr %q; want exit 2 and %q", args, out, code, errOut, c.want)
			}
		}
	}
}

// address prints the addresses that btcaddr makes, and the known ones of
// the key 1 and of BIP-86's vectors.
func TestAddress(t *testing.T) {
	gU, _, _ := cli(t, "", "pubkey", "-uncompressed", keyOne)
	known := []struct {
		key, typ, want string
		flags          []string
	}{
		{keyOne, "p2pkh", "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", nil},
		{wifOne, "p2pkh", "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", nil},
		{gCompressed, "p2pkh", "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", nil},
		{wifOneU, "p2pkh", "1EHNa6Q4Jz2uvNExL497mE43ikXhwF6kZm", nil},
		{gU, "p2pkh", "1EHNa6Q4Jz2uvNExL497mE43ikXhwF6kZm", nil},
		{keyOne, "p2wpkh", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", nil}, // BIP-173
		{wifOneU, "p2wpkh", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", nil},
		{keyOne, "p2sh-p2wpkh", "3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN", nil},
		{wifOneTest, "p2pkh", "mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r", nil},
		{keyOne, "p2pkh", "mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r", []string{"-testnet"}},
		{wifOneTest, "p2sh-p2wpkh", "2NAUYAHhujozruyzpsFRP63mbrdaU5wnEpN", []string{"-testnet"}},
		// BIP-86's internal keys (x only; 02 gives the even y that BIP-341
		// lifts them to) and their key-path addresses.
		{"02cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115", "p2tr", "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr", nil},
		{"0283dfe85a3151d2517290da461fe2815591ef69f2b18a2ce63f01697a8b313145", "p2tr", "bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh", nil},
		{"02399f1b2f4393f29a18c937859c5dd8a77350103157eb880f02e8c08214277cef", "p2tr", "bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7", nil},
	}
	for _, c := range known {
		args := append(append([]string{"address"}, c.flags...), c.key, c.typ)
		if out, errOut, code := cli(t, "", args...); code != 0 || out != c.want || errOut != "" {
			t.Errorf("%v = %q, exit %d, stderr %q; want %s", args, out, code, errOut, c.want)
		}
	}
	// The WIF keys of BIP-322's single-key vectors have the vectors'
	// addresses.
	var f map[string][]struct {
		PrivateKeys []string `json:"private_keys"`
		Address     string   `json:"address"`
		Type        string   `json:"type"`
	}
	testref.JSON(t, "../../testdata/bip-0322/generated-test-vectors.json", &f)
	n := 0
	for _, v := range append(f["simple"], f["full"]...) {
		switch v.Type {
		case "p2pkh", "p2wpkh", "p2sh-p2wpkh", "p2tr":
			if out, errOut, code := cli(t, "", "address", v.PrivateKeys[0], v.Type); code != 0 || out != v.Address {
				t.Errorf("address %s %s = %q, exit %d, stderr %q; want %s", v.PrivateKeys[0], v.Type, out, code, errOut, v.Address)
			}
			n++
		}
	}
	if n < 6 {
		t.Errorf("%d BIP-322 keys checked", n)
	}

	// Every type, as text and JSON, against btcaddr, for keys given each
	// way.
	for _, v := range []byte{3, 0xa7} {
		b := make([]byte, 32)
		b[0], b[31] = v, v
		k, err := secp256k1.NewPrivateKey(b)
		if err != nil {
			t.Fatal(err)
		}
		pub := k.PublicKey()
		for _, net := range []btcaddr.Network{btcaddr.Mainnet, btcaddr.Testnet} {
			p2pkh, _ := btcaddr.NewP2PKH(pub, true, net)
			p2pkhU, _ := btcaddr.NewP2PKH(pub, false, net)
			p2wpkh, _ := btcaddr.NewP2WPKH(pub, net)
			nested, _ := btcaddr.NewP2SHP2WPKH(pub, net)
			p2tr, _ := btcaddr.NewP2TRBIP86(pub, net)
			wif, _ := btcaddr.EncodeWIF(k, true, net)
			wifU, _ := btcaddr.EncodeWIF(k, false, net)
			var flags []string
			if net == btcaddr.Testnet {
				flags = []string{"-testnet"}
			}
			for _, key := range []struct {
				arg, p2pkh string
				flags      []string
			}{
				{hex.EncodeToString(b), p2pkh.String(), flags},
				{"0X" + hex.EncodeToString(b), p2pkh.String(), flags},
				{wif, p2pkh.String(), nil},
				{wifU, p2pkhU.String(), nil},
				{hex.EncodeToString(pub.BytesCompressed()), p2pkh.String(), flags},
				{hex.EncodeToString(pub.BytesUncompressed()), p2pkhU.String(), flags},
			} {
				want := map[string]string{"p2pkh": key.p2pkh, "p2wpkh": p2wpkh.String(), "p2sh-p2wpkh": nested.String(), "p2tr": p2tr.String()}
				args := append(append([]string{"address"}, key.flags...), key.arg)
				text, errOut, code := cli(t, "", args...)
				var lines []string
				for _, typ := range addressTypes {
					lines = append(lines, typ+strings.Repeat(" ", 12-len(typ))+want[typ])
				}
				if code != 0 || text != strings.Join(lines, "\n") || errOut != "" {
					t.Errorf("%v: %q, exit %d, stderr %q; want %q", args, text, code, errOut, lines)
				}
				out, _, code := cli(t, "", append([]string{"address", "-json"}, args[1:]...)...)
				var got map[string]string
				if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 || len(got) != 4 {
					t.Errorf("%v -json: %q, exit %d", args, out, code)
				}
				for typ, addr := range want {
					if got[typ] != addr {
						t.Errorf("%v -json: %s %q, want %s", args, typ, got[typ], addr)
					}
					if out, _, code := cli(t, "", append(args, typ)...); code != 0 || out != addr {
						t.Errorf("%v %s = %q, exit %d; want %s", args, typ, out, code, addr)
					}
					if out, _, _ := cli(t, "", append([]string{"address", "-json"}, append(args[1:], typ)...)...); out != `{"`+typ+`":"`+addr+`"}` {
						t.Errorf("%v -json %s = %q", args, typ, out)
					}
				}
			}
		}
	}

	// Bad input.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"address"}, "want arguments <pubkey|seckey|wif> [p2pkh|p2wpkh|p2sh-p2wpkh|p2tr], got 0"},
		{[]string{"address", keyOne, "p2wsh"}, "[p2pkh|p2wpkh|p2sh-p2wpkh|p2tr] must be p2pkh or p2wpkh or p2sh-p2wpkh or p2tr, not \"p2wsh\""},
		{[]string{"address", "1122"}, "key: want a private key (32 bytes, or a WIF) or a public key (33 or 65 bytes), got 2 bytes"},
		{[]string{"address", strings.Repeat("00", 32)}, "key: zero"},
		{[]string{"address", "02" + strings.Repeat("00", 32)}, "key: not on the curve"},
		{[]string{"address", "zz"}, "key: not hex: 'z' at position 1"},
		{[]string{"address", "-testnet", wifOne}, "-testnet: the WIF is a mainnet key"},
		{[]string{"address", "-uncompressed", keyOne}, "-uncompressed is not a flag of address, which takes -json -testnet"},
	} {
		out, errOut, code := cli(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "\n") {
			t.Errorf("%v: %q, exit %d, stderr %q; want exit 2 and %q", c.args, out, code, errOut, c.want)
		}
	}
}

// sh runs a shell script in which $B is the binary, and returns its
// standard output and error and its exit status.
func sh(t *testing.T, script string) (string, string, int) {
	t.Helper()
	cmd := exec.Command("sh", "-c", script)
	cmd.Env = append(os.Environ(), "B="+binary)
	return capture(t, cmd)
}

// hd derive -json's WIF and address are what message sign takes, through
// a real shell pipe too.
func TestHDToMessageSign(t *testing.T) {
	// BIP-84's and BIP-86's first receiving keys (BIP-86's vectors give
	// the P2TR address; BIP-84's give the WIF, public key and P2WPKH
	// address written here).
	for _, c := range []struct {
		path, typ, addr, wif, pubkey string
	}{
		{"m/84'/0'/0'/0/0", "p2wpkh", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d", "0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c"},
		{"m/86'/0'/0'/0/0", "p2tr", "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr", "", "03cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115"},
	} {
		out, errOut, code := cli(t, "", "hd", "derive", "-json", bip86Root, c.path)
		var js struct {
			Seckey, WIF, Pubkey string
			Addresses           map[string]string
		}
		if err := json.Unmarshal([]byte(out), &js); err != nil || code != 0 {
			t.Fatalf("hd derive -json %s: %q, exit %d, stderr %q", c.path, out, code, errOut)
		}
		if js.Addresses[c.typ] != c.addr || js.Pubkey != c.pubkey || c.wif != "" && js.WIF != c.wif {
			t.Errorf("hd derive -json %s = %q; want %s %s %s", c.path, out, c.wif, c.pubkey, c.addr)
		}
		// The seckey, the WIF and the addresses say the same key.
		if got, _, _ := cli(t, "", "pubkey", js.Seckey); got != js.Pubkey {
			t.Errorf("%s: pubkey of seckey %q, want %s", c.path, got, js.Pubkey)
		}
		if got, _, _ := cli(t, "", "pubkey", js.WIF); got != js.Pubkey {
			t.Errorf("%s: pubkey of wif %q, want %s", c.path, got, js.Pubkey)
		}
		for typ, addr := range js.Addresses {
			if got, _, _ := cli(t, "", "address", js.WIF, typ); got != addr {
				t.Errorf("%s: address of wif %s = %q, hd derive says %s", c.path, typ, got, addr)
			}
		}
		// The WIF from standard input signs for the address.
		sig, errOut, code := cli(t, js.WIF+"\n", "message", "sign", "-", js.Addresses[c.typ], "hello")
		if code != 0 {
			t.Fatalf("message sign with hd derive's WIF: exit %d, %s", code, errOut)
		}
		if out, errOut, code := cli(t, "", "message", "verify", c.addr, "hello", sig); code != 0 || out != "true" {
			t.Errorf("message verify: %q, exit %d, %s", out, code, errOut)
		}
	}
	// The same through sh: hd derive -json | (a JSON field) | message sign,
	// the field taken out by sed so that the test needs no jq.
	const field = `sed -e 's/.*"wif":"\([^"]*\)".*/\1/'`
	script := `$B hd derive -json ` + bip86Root + ` "m/84'/0'/0'/0/0" | ` + field + ` | $B message sign - bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu hello | $B message verify bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu hello -`
	if out, errOut, code := sh(t, script); code != 0 || out != "true" {
		t.Errorf("%s: %q, exit %d, stderr %q", script, out, code, errOut)
	}
	// A testnet key from a seed: its WIF and addresses are testnet's.
	out, _, _ := cli(t, "", "hd", "derive", "-json", "-testnet", "000102030405060708090a0b0c0d0e0f", "m/0'/1")
	var tjs struct {
		WIF       string
		Addresses map[string]string
	}
	if err := json.Unmarshal([]byte(out), &tjs); err != nil || !strings.HasPrefix(tjs.WIF, "c") || !strings.HasPrefix(tjs.Addresses["p2wpkh"], "tb1q") || !strings.HasPrefix(tjs.Addresses["p2pkh"], "m") && !strings.HasPrefix(tjs.Addresses["p2pkh"], "n") {
		t.Errorf("hd derive -json -testnet: %q", out)
	}
	if sig, errOut, code := cli(t, tjs.WIF+"\n", "message", "sign", "-", tjs.Addresses["p2tr"], "hello"); code != 0 {
		t.Errorf("message sign with a testnet WIF: exit %d, %s", code, errOut)
	} else if out, _, code := cli(t, "", "message", "verify", tjs.Addresses["p2tr"], "hello", sig); code != 0 || out != "true" {
		t.Errorf("message verify of the testnet signature: %q, exit %d", out, code)
	}
	// An xpub's JSON has the addresses but no private key.
	out, _, _ = cli(t, "", "hd", "derive", "-json", "xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ", "0/0")
	var pjs map[string]any
	if err := json.Unmarshal([]byte(out), &pjs); err != nil || pjs["wif"] != nil || pjs["seckey"] != nil || pjs["xprv"] != nil ||
		pjs["addresses"].(map[string]any)["p2tr"] != "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr" {
		t.Errorf("hd derive -json <BIP-86 account xpub> 0/0: %q", out)
	}
}

// schnorr-sign's output is schnorr-verify's input, and sign's verify's.
func TestSignToVerify(t *testing.T) {
	sk := strings.Repeat("42", 32)
	xonly, _, _ := cli(t, "", "pubkey", "-xonly", sk)
	msg := hex.EncodeToString([]byte("pipe"))
	for _, flags := range []string{"", "-xonly"} {
		args := []string{"schnorr-sign", sk, msg}
		if flags != "" {
			args = []string{"schnorr-sign", flags, sk, msg}
		}
		sig, _, code := cli(t, "", args...)
		if flags == "" {
			if code != 0 || len(sig) != 128 {
				t.Fatalf("schnorr-sign = %q, exit %d: want the signature alone", sig, code)
			}
		} else if lines := strings.Split(sig, "\n"); code != 0 || len(lines) != 2 || len(lines[0]) != 128 || lines[1] != xonly {
			t.Fatalf("schnorr-sign -xonly = %q, exit %d: want the signature, then %s", sig, code, xonly)
		}
		for _, c := range []struct {
			msg  string
			out  string
			code int
		}{{msg, "true", 0}, {"00", "false", 1}} {
			script := "$B schnorr-sign " + flags + " " + sk + " " + msg + " | $B schnorr-verify " + xonly + " " + c.msg + " -"
			if out, errOut, code := sh(t, script); code != c.code || out != c.out {
				t.Errorf("%s: %q, exit %d, stderr %q; want %q, exit %d", script, out, code, errOut, c.out, c.code)
			}
		}
	}
	// keygen | pubkey, sign | verify.
	script := `k=$($B keygen | head -1); h=` + sha256Hex("pipe") + `; $B sign $k $h | $B verify $($B pubkey $k) $h -`
	if out, errOut, code := sh(t, script); code != 0 || out != "true" {
		t.Errorf("%s: %q, exit %d, stderr %q", script, out, code, errOut)
	}
}

// sign, verify and recover refuse a hash shorter than 16 bytes, which is
// more likely an empty shell variable than a hash: exit 2, not a signature
// or a verdict.
func TestShortHash(t *testing.T) {
	sk := strings.Repeat("11", 32)
	pub, _, _ := cli(t, "", "pubkey", sk)
	hash := sha256Hex("short")
	der, _, _ := cli(t, "", "sign", sk, hash)
	rec, _, _ := cli(t, "", "sign", "-recoverable", sk, hash)
	for _, h := range []string{"", "00", strings.Repeat("ab", 15)} {
		n := len(h) / 2
		for _, args := range [][]string{{"sign", sk, h}, {"sign", "-recoverable", sk, h}, {"verify", pub, h, der}, {"recover", h, rec}} {
			want := "hash: want at least 16 bytes (a digest, such as SHA-256's 32), got " + byteCount(n)
			out, errOut, code := cli(t, "", args...)
			if code != 2 || out != "" || errOut != "secp256k1 "+args[0]+": "+want {
				t.Errorf("%v: %q, exit %d, stderr %q; want exit 2 and %q", args, out, code, errOut, want)
			}
		}
	}
	// 16 bytes and more are hashes, as the library takes them.
	for _, h := range []string{strings.Repeat("ab", 16), hash + hash} {
		sig, _, code := cli(t, "", "sign", sk, h)
		if code != 0 {
			t.Fatalf("sign with a %d-byte hash: exit %d", len(h)/2, code)
		}
		if out, _, code := cli(t, "", "verify", pub, h, sig); code != 0 || out != "true" {
			t.Errorf("verify with a %d-byte hash: %q, exit %d", len(h)/2, out, code)
		}
	}
}

// help and version as a user types them, 0X as 0x, and standard input of
// any length.
func TestShellConventions(t *testing.T) {
	for _, pair := range [][2][]string{
		{{"help", "message", "sign"}, {"message", "sign", "-h"}},
		{{"help", "message", "verify"}, {"message", "verify", "-h"}},
		{{"message", "help", "sign"}, {"message", "sign", "-h"}},
		{{"help", "hd", "derive"}, {"hd", "derive", "-h"}},
		{{"help", "address"}, {"address", "-h"}},
		{{"--version"}, {"version"}},
		{{"-version"}, {"version"}},
		{{"--version", "-json"}, {"version", "-json"}},
	} {
		out, errOut, code := cli(t, "", pair[0]...)
		want, _, _ := cli(t, "", pair[1]...)
		if code != 0 || errOut != "" || out != want || out == "" {
			t.Errorf("%v: %q, exit %d, stderr %q; want %q (as %v)", pair[0], out, code, errOut, want, pair[1])
		}
	}
	if out, _, _ := cli(t, "", "help"); !strings.Contains(out, "address <pubkey|seckey|wif> [p2pkh|p2wpkh|p2sh-p2wpkh|p2tr]") || !strings.Contains(out, "--version") {
		t.Errorf("help does not list address and --version: %q", out)
	}

	// 0X as 0x, in every kind of hex argument.
	sk := strings.Repeat("1f", 32)
	pub, _, _ := cli(t, "", "pubkey", sk)
	addr, _, _ := cli(t, "", "address", sk, "p2pkh")
	for _, pair := range [][2][]string{
		{{"pubkey", "0X" + sk}, {"pubkey", sk}},
		{{"pubkey", "0x" + sk}, {"pubkey", sk}},
		{{"ecdh", sk, "0X" + pub}, {"ecdh", sk, pub}},
		{{"sign", sk, "0X" + sha256Hex("0X")}, {"sign", sk, sha256Hex("0X")}},
		{{"hd", "derive", "0X000102030405060708090a0b0c0d0e0f", "m/1"}, {"hd", "derive", "000102030405060708090a0b0c0d0e0f", "m/1"}},
		{{"message", "sign", "0X" + sk, addr, "m"}, {"message", "sign", sk, addr, "m"}},
	} {
		out, errOut, code := cli(t, "", pair[0]...)
		want, _, _ := cli(t, "", pair[1]...)
		if code != 0 || out != want {
			t.Errorf("%v: %q, exit %d, stderr %q; want %q", pair[0], out, code, errOut, want)
		}
	}

	// A message of 3 MiB (6 MiB of hex) from standard input, past the
	// 1 MiB that a word of standard input could have.
	msg := strings.Repeat("5a", 3<<20)
	aux := strings.Repeat("00", 32)
	sig, errOut, code := cli(t, msg+"\n", "schnorr-sign", sk, "-", aux)
	if code != 0 || len(sig) != 128 {
		t.Fatalf("schnorr-sign of a 3 MiB message from standard input: exit %d, stderr %q", code, errOut)
	}
	xonly, _, _ := cli(t, "", "pubkey", "-xonly", sk)
	if out, errOut, code := cli(t, msg, "schnorr-verify", xonly, "-", sig); code != 0 || out != "true" {
		t.Errorf("schnorr-verify of the 3 MiB message: %q, exit %d, stderr %q", out, code, errOut)
	}
	// hd's arguments too: a long word is an extended key of the wrong
	// length, not an error in reading it.
	if _, errOut, code := cli(t, strings.Repeat("z", 100<<10), "hd", "derive", "-", "m"); code != 2 || !strings.Contains(errOut, "extended key:") {
		t.Errorf("hd derive of a 100 KiB word: exit %d, stderr %q", code, errOut)
	}
}

// With -json an error is also a JSON object on standard output,
// {"error": "..."} with the text of standard error; the exit status is the
// same as without -json.
func TestJSONErrors(t *testing.T) {
	sk := strings.Repeat("11", 32)
	hash := sha256Hex("json errors")
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"pubkey", "-json", "zz"}, 2},
		{[]string{"pubkey", "-json", "-nosuchflag", sk}, 2},
		{[]string{"pubkey", "-json", sk, "extra"}, 2},
		{[]string{"pubkey", "-json", "-"}, 2},
		{[]string{"sign", "-json", sk, ""}, 2},
		{[]string{"sign", "-json", "-format", "pem", sk, hash}, 2},
		{[]string{"ecdh", "-json", "-uncompressed", sk, "-"}, 2},
		{[]string{"recover", "-json", hash, strings.Repeat("00", 32) + strings.Repeat("11", 32) + "00"}, 1},
		{[]string{"address", "-json", "1122"}, 2},
		{[]string{"hd", "derive", "-json", "xpub", "m"}, 2},
		{[]string{"hd", "derive", "-json", "-uncompressed", "00", "m"}, 2},
		{[]string{"hd", "neuter", "-json", "-"}, 2},
		{[]string{"message", "sign", "-json", sk, "bc1qnope", "m"}, 2},
		{[]string{"message", "sign", "-json", "-format", "x", sk, "bc1qnope", "m"}, 2},
		{[]string{"message", "verify", "-json", "bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l", "m", "!"}, 2},
	} {
		out, errOut, code := cli(t, "", c.args...)
		var res map[string]string
		dec := json.NewDecoder(strings.NewReader(out))
		if err := dec.Decode(&res); err != nil || dec.More() || len(res) != 1 || res["error"] != errOut || errOut == "" || code != c.code || strings.Contains(out, "\n") {
			t.Errorf("%v: stdout %q, stderr %q, exit %d; want {\"error\": stderr} and exit %d", c.args, out, errOut, code, c.code)
		}
		// Without -json, the same error and no JSON.
		var plain []string
		for _, a := range c.args {
			if a != "-json" {
				plain = append(plain, a)
			}
		}
		if out, e, code := cli(t, "", plain...); out != "" || e != errOut || code != c.code {
			t.Errorf("%v: stdout %q, stderr %q, exit %d; with -json stderr %q", plain, out, e, code, errOut)
		}
	}
	// An invalid signature is a verdict, not an error.
	pub, _, _ := cli(t, "", "pubkey", sk)
	der, _, _ := cli(t, "", "sign", sk, hash)
	if out, _, code := cli(t, "", "verify", "-json", pub, sha256Hex("other"), der); out != `{"valid":false}` || code != 1 {
		t.Errorf("verify -json of another hash: %q, exit %d", out, code)
	}
}

// An error names the argument once: the library's own words for what is
// wrong follow it without repeating it.
func TestErrorWording(t *testing.T) {
	const seed = "000102030405060708090a0b0c0d0e0f"
	xprv, _, _ := cli(t, "", "hd", "derive", seed, "m")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"hd", "neuter", xprv[:len(xprv)-1] + "1"}, "secp256k1 hd neuter: extended key: checksum mismatch"},
		{[]string{"hd", "derive", "xpub6" + xprv[5:], "m"}, "secp256k1 hd derive: extended key: "},
		{[]string{"message", "verify", "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMi", "m", "sig"}, "secp256k1 message verify: address: Base58Check checksum mismatch"},
		{[]string{"message", "verify", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "m", "sig"}, "secp256k1 message verify: address: a version 0 address has a bech32 checksum, not bech32m"},
		{[]string{"message", "sign", strings.Repeat("11", 32), "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "m"}, "secp256k1 message sign: address: unknown network: "},
		{[]string{"message", "verify", "bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l", "m", "!"}, "secp256k1 message verify: signature: error decoding signature as base64"},
		{[]string{"pubkey", wifOne[:51] + "m"}, "secp256k1 pubkey: private key: WIF: Base58Check checksum mismatch"},
	} {
		out, errOut, code := cli(t, "", c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
		for _, label := range []string{"extended key", "address", "signature", "private key"} {
			for _, twice := range []string{label + ": " + label, label + ": invalid " + label, label + ": malformed " + label, label + ": unknown " + label} {
				if strings.Contains(errOut, twice) {
					t.Errorf("%v: %q says %q", c.args, errOut, twice)
				}
			}
		}
	}
}
