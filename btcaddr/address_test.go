package btcaddr

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/base58"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// BIP-350's "Test vectors for v0-v16 native segregated witness addresses":
// valid addresses with the scriptPubKey each translates to.
var bip350Valid = []struct {
	addr, spk string
	kind      Kind
	net       Network
}{
	{"BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "0014751e76e8199196d454941c45d1b3a323f1433bd6", P2WPKH, Mainnet},
	{"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262", P2WSH, Testnet},
	{"bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", "5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6", WitnessUnknown, Mainnet},
	{"BC1SW50QGDZ25J", "6002751e", WitnessUnknown, Mainnet},
	{"bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "5210751e76e8199196d454941c45d1b3a323", WitnessUnknown, Mainnet},
	{"tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy", "0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433", P2WSH, Testnet},
	{"tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c", "5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433", P2TR, Testnet},
	{"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798", P2TR, Mainnet},
}

// BIP-350's invalid segwit addresses, with the reason the BIP gives and the
// error Parse returns.
var bip350Invalid = []struct {
	addr, why string
	err       error
}{
	{"tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "invalid human-readable part", ErrNetwork},
	{"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "bech32 instead of bech32m", ErrAddress},
	{"tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", "bech32 instead of bech32m", ErrAddress},
	{"BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "bech32 instead of bech32m", ErrAddress},
	{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "bech32m instead of bech32", ErrAddress},
	{"tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", "bech32m instead of bech32", ErrAddress},
	{"bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "invalid character in checksum", ErrAddress},
	{"BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "invalid witness version", ErrAddress},
	{"bc1pw5dgrnzv", "invalid program length (1 byte)", ErrAddress},
	{"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", "invalid program length (41 bytes)", ErrAddress},
	{"BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "invalid program length for witness version 0", ErrAddress},
	{"tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", "mixed case", ErrAddress},
	{"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", "zero padding of more than 4 bits", ErrAddress},
	{"tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", "non-zero padding in 8-to-5 conversion", ErrAddress},
	{"bc1gmk9yu", "empty data section", ErrAddress},
}

func TestBIP350Valid(t *testing.T) {
	for _, v := range bip350Valid {
		a, err := Parse(v.addr)
		if err != nil {
			t.Errorf("Parse(%s): %v", v.addr, err)
			continue
		}
		spk := a.ScriptPubKey()
		if got := hex.EncodeToString(spk); got != v.spk {
			t.Errorf("%s: scriptPubKey %s, want %s", v.addr, got, v.spk)
		}
		if a.Kind() != v.kind || a.Network() != v.net {
			t.Errorf("%s: kind %v network %v, want %v %v", v.addr, a.Kind(), a.Network(), v.kind, v.net)
		}
		if got, want := a.WitnessVersion(), witnessVersionOf(spk[0]); got != want {
			t.Errorf("%s: witness version %d, want %d", v.addr, got, want)
		}
		if !bytes.Equal(a.Program(), spk[2:]) {
			t.Errorf("%s: program %x", v.addr, a.Program())
		}
		if got := a.String(); got != strings.ToLower(v.addr) {
			t.Errorf("%s: String() = %s", v.addr, got)
		}
		b, err := FromScriptPubKey(spk, a.Network())
		if err != nil || *b != *a {
			t.Errorf("%s: FromScriptPubKey(ScriptPubKey()) = %v, %v", v.addr, b, err)
		}
	}
}

func witnessVersionOf(op byte) int {
	if op == 0 {
		return 0
	}
	return int(op) - 0x50
}

func TestBIP350Invalid(t *testing.T) {
	for _, v := range bip350Invalid {
		a, err := Parse(v.addr)
		if err == nil {
			t.Errorf("Parse(%s) (%s) = %v, want an error", v.addr, v.why, a)
			continue
		}
		if !errors.Is(err, v.err) {
			t.Errorf("Parse(%s) (%s): %v, want %v", v.addr, v.why, err, v.err)
		}
		t.Logf("%s (%s): %v", v.addr, v.why, err)
	}
}

// The key 1 (public key G), whose addresses are checked with an independent
// Python HASH160 and Base58Check; its P2WPKH address is BIP-173's first
// example, its x-only key BIP-350's last valid vector.
func TestKeyOne(t *testing.T) {
	one := make([]byte, 32)
	one[31] = 1
	k, _ := secp256k1.NewPrivateKey(one)
	pub := k.PublicKey()
	for _, c := range []struct {
		make func() (*Address, error)
		want string
		kind Kind
	}{
		{func() (*Address, error) { return NewP2PKH(pub, true, Mainnet) }, "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", P2PKH},
		{func() (*Address, error) { return NewP2PKH(pub, false, Mainnet) }, "1EHNa6Q4Jz2uvNExL497mE43ikXhwF6kZm", P2PKH},
		{func() (*Address, error) { return NewP2PKH(pub, true, Testnet) }, "mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r", P2PKH},
		{func() (*Address, error) { return NewP2PKH(pub, true, Regtest) }, "mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r", P2PKH},
		{func() (*Address, error) { return NewP2SHP2WPKH(pub, Mainnet) }, "3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN", P2SH},
		{func() (*Address, error) { return NewP2SHP2WPKH(pub, Signet) }, "2NAUYAHhujozruyzpsFRP63mbrdaU5wnEpN", P2SH},
		{func() (*Address, error) { return NewP2WPKH(pub, Mainnet) }, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", P2WPKH},
		{func() (*Address, error) { return NewP2TR(pub, Mainnet) }, "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", P2TR},
	} {
		a, err := c.make()
		if err != nil {
			t.Fatal(err)
		}
		if a.String() != c.want || a.Kind() != c.kind {
			t.Errorf("got %s (%v), want %s (%v)", a, a.Kind(), c.want, c.kind)
		}
		p, err := Parse(c.want)
		if err != nil || !bytes.Equal(p.ScriptPubKey(), a.ScriptPubKey()) || p.Kind() != a.Kind() {
			t.Errorf("Parse(%s) = %v, %v", c.want, p, err)
		}
	}
	// Testnet and regtest segwit addresses differ in their prefix only.
	for net, prefix := range map[Network]string{Testnet: "tb1q", Signet: "tb1q", Regtest: "bcrt1q"} {
		a, _ := NewP2WPKH(pub, net)
		p, err := Parse(a.String())
		if !strings.HasPrefix(a.String(), prefix) || err != nil || !bytes.Equal(p.Program(), a.Program()) {
			t.Errorf("%v: %s, Parse: %v", net, a, err)
		}
	}
}

// BIP-86's test vectors: the internal keys of the first receiving and
// change addresses of account 0 of the "abandon … about" mnemonic.
func TestBIP86(t *testing.T) {
	for _, v := range []struct{ internal, output, addr string }{
		{"cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115", "a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c", "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr"},
		{"83dfe85a3151d2517290da461fe2815591ef69f2b18a2ce63f01697a8b313145", "a82f29944d65b86ae6b5e5cc75e294ead6c59391a1edc5e016e3498c67fc7bbb", "bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh"},
		{"399f1b2f4393f29a18c937859c5dd8a77350103157eb880f02e8c08214277cef", "882d74e5d0572d5a816cef0041a96b6c1de832f6f9676d9605c44d5e9a97d3dc", "bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7"},
	} {
		internal, err := schnorr.ParsePublicKey(testref.Hex(t, v.internal))
		if err != nil {
			t.Fatal(err)
		}
		a, err := NewP2TRBIP86(internal, Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		if a.String() != v.addr || hex.EncodeToString(a.Program()) != v.output {
			t.Errorf("NewP2TRBIP86(%s) = %s, program %x; want %s", v.internal, a, a.Program(), v.addr)
		}
		if got := hex.EncodeToString(a.ScriptPubKey()); got != "5120"+v.output {
			t.Errorf("scriptPubKey %s", got)
		}
	}
}

// BIP-341's wallet vectors: the bip350Address of each tweaked output key,
// and, for the outputs without a script tree, of the internal key through
// NewP2TRBIP86.
func TestBIP341Addresses(t *testing.T) {
	var f struct {
		ScriptPubKey []struct {
			Given struct {
				InternalPubkey string          `json:"internalPubkey"`
				ScriptTree     json.RawMessage `json:"scriptTree"`
			} `json:"given"`
			Intermediary struct {
				TweakedPubkey string `json:"tweakedPubkey"`
			} `json:"intermediary"`
			Expected struct {
				ScriptPubKey  string `json:"scriptPubKey"`
				Bip350Address string `json:"bip350Address"`
			} `json:"expected"`
		} `json:"scriptPubKey"`
	}
	testref.JSON(t, "../testdata/bip-0341/wallet-test-vectors.json", &f)
	if len(f.ScriptPubKey) != 7 {
		t.Fatalf("%d cases, want 7", len(f.ScriptPubKey))
	}
	for _, c := range f.ScriptPubKey {
		q, err := schnorr.ParsePublicKey(testref.Hex(t, c.Intermediary.TweakedPubkey))
		if err != nil {
			t.Fatal(err)
		}
		a, err := NewP2TR(q, Mainnet)
		if err != nil || a.String() != c.Expected.Bip350Address || hex.EncodeToString(a.ScriptPubKey()) != c.Expected.ScriptPubKey {
			t.Errorf("NewP2TR(%s) = %v, %v; want %s", c.Intermediary.TweakedPubkey, a, err, c.Expected.Bip350Address)
		}
		if string(c.Given.ScriptTree) == "null" {
			internal, _ := schnorr.ParsePublicKey(testref.Hex(t, c.Given.InternalPubkey))
			if b, err := NewP2TRBIP86(internal, Mainnet); err != nil || b.String() != c.Expected.Bip350Address {
				t.Errorf("NewP2TRBIP86(%s) = %v, %v", c.Given.InternalPubkey, b, err)
			}
		}
	}
}

func TestIsForNetwork(t *testing.T) {
	all := []Network{Mainnet, Testnet, Signet, Regtest}
	for _, c := range []struct {
		addr string
		for_ []Network
	}{
		{"1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", []Network{Mainnet}},
		{"3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN", []Network{Mainnet}},
		{"mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r", []Network{Testnet, Signet, Regtest}},
		{"2NAUYAHhujozruyzpsFRP63mbrdaU5wnEpN", []Network{Testnet, Signet, Regtest}},
		{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", []Network{Mainnet}},
		{"tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c", []Network{Testnet, Signet}},
	} {
		a, err := Parse(c.addr)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range all {
			want := false
			for _, m := range c.for_ {
				want = want || m == n
			}
			if a.IsForNetwork(n) != want {
				t.Errorf("%s IsForNetwork(%v) = %t", c.addr, n, !want)
			}
		}
		if a.IsForNetwork(0) || a.IsForNetwork(5) {
			t.Errorf("%s is for an unknown network", c.addr)
		}
	}
	one := make([]byte, 32)
	one[31] = 1
	k, _ := secp256k1.NewPrivateKey(one)
	a, _ := NewP2WPKH(k.PublicKey(), Regtest)
	if !a.IsForNetwork(Regtest) || a.IsForNetwork(Testnet) || !strings.HasPrefix(a.String(), "bcrt1") {
		t.Errorf("regtest P2WPKH %s", a)
	}
}

func TestFromScriptPubKey(t *testing.T) {
	for _, c := range []struct {
		spk  string
		kind Kind
	}{
		{"76a914751e76e8199196d454941c45d1b3a323f1433bd688ac", P2PKH},
		{"a914751e76e8199196d454941c45d1b3a323f1433bd687", P2SH},
		{"0014751e76e8199196d454941c45d1b3a323f1433bd6", P2WPKH},
		{"6002751e", WitnessUnknown},
	} {
		a, err := FromScriptPubKey(testref.Hex(t, c.spk), Mainnet)
		if err != nil || a.Kind() != c.kind || hex.EncodeToString(a.ScriptPubKey()) != c.spk {
			t.Errorf("FromScriptPubKey(%s) = %v, %v", c.spk, a, err)
		}
	}
	for _, spk := range []string{
		"", "00", "6a", "0013751e76e8199196d454941c45d1b3a323f1433b", // OP_RETURN, v0 of 19 bytes
		"0001ff",                          // a 1-byte program
		"5129" + strings.Repeat("00", 41), // 41 bytes
		"4f02751e",                        // OP_1NEGATE is no version
		"61020000",                        // OP_NOP
		"0015751e76e8199196d454941c45d1b3a323f1433bd6",       // push length disagrees
		"76a914751e76e8199196d454941c45d1b3a323f1433bd688ad", // OP_CHECKSIGVERIFY
		"a914751e76e8199196d454941c45d1b3a323f1433bd688",     // OP_EQUALVERIFY
	} {
		if a, err := FromScriptPubKey(testref.Hex(t, spk), Mainnet); !errors.Is(err, ErrScript) {
			t.Errorf("FromScriptPubKey(%s) = %v, %v; want ErrScript", spk, a, err)
		}
	}
	if _, err := FromScriptPubKey(testref.Hex(t, "6002751e"), 0); !errors.Is(err, ErrNetwork) {
		t.Errorf("FromScriptPubKey with network 0: %v", err)
	}
}

// Base58Check strings that are not addresses.
func TestParseBase58Errors(t *testing.T) {
	for _, c := range []struct {
		s   string
		err error
	}{
		{"", ErrAddress},
		{"1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMi", ErrAddress},                  // checksum
		{"1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAM0", ErrAddress},                  // '0' is not Base58
		{"5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ", ErrAddress}, // a WIF key: 33 bytes
		{checkEncode(make([]byte, 20)), ErrAddress},                         // 20 bytes
		{checkEncode(make([]byte, 22)), ErrAddress},                         // 22 bytes
		{"xpub661MyMwAqRbcFkPHucMnrGNzDwb6teAX1RbKQmqtEF8kK3Z7LZ59qafCjB9eCRLiTVG3uxBxgKvRgbubRhqSKXnGGb1aoaqLrpMBDrVxga8", ErrAddress},
		{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", ErrAddress},   // segwit checksum
		{"bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", ErrAddress}, // hrp of another checksum
	} {
		if a, err := Parse(c.s); !errors.Is(err, c.err) {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.s, a, err, c.err)
		}
	}
	// A 21-byte payload with a version byte of no network (0x30, Litecoin's).
	h := testref.Hex(t, "751e76e8199196d454941c45d1b3a323f1433bd6")
	for _, v := range []byte{0x01, 0x30, 0x80, 0xef} {
		s := checkEncode(append([]byte{v}, h...))
		if _, err := Parse(s); !errors.Is(err, ErrNetwork) {
			t.Errorf("Parse(%s) (version 0x%02x): %v, want ErrNetwork", s, v, err)
		}
	}
}

func TestZeroValue(t *testing.T) {
	var zero Address
	if !errors.Is(zero.Validate(), secp256k1.ErrUninitialized) || !errors.Is((*Address)(nil).Validate(), secp256k1.ErrUninitialized) {
		t.Error("Validate of the zero Address")
	}
	if zero.String() != "<uninitialized>" {
		t.Errorf("zero String() = %q", zero.String())
	}
	if _, err := zero.MarshalText(); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("zero MarshalText: %v", err)
	}
	if _, err := json.Marshal(struct{ A Address }{}); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("json.Marshal of a zero Address: %v", err)
	}
	for name, f := range map[string]func(){
		"Kind":           func() { zero.Kind() },
		"Network":        func() { zero.Network() },
		"IsForNetwork":   func() { zero.IsForNetwork(Mainnet) },
		"WitnessVersion": func() { zero.WitnessVersion() },
		"Program":        func() { zero.Program() },
		"ScriptPubKey":   func() { zero.ScriptPubKey() },
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "uninitialized Address") {
					t.Errorf("%s of the zero Address: panic %v", name, r)
				}
			}()
			f()
		}()
	}
	var zk secp256k1.PublicKey
	for name, f := range map[string]func() (*Address, error){
		"NewP2PKH":      func() (*Address, error) { return NewP2PKH(&zk, true, Mainnet) },
		"NewP2WPKH":     func() (*Address, error) { return NewP2WPKH(nil, Mainnet) },
		"NewP2SHP2WPKH": func() (*Address, error) { return NewP2SHP2WPKH(&zk, Mainnet) },
		"NewP2TR":       func() (*Address, error) { return NewP2TR(&zk, Mainnet) },
		"NewP2TRBIP86":  func() (*Address, error) { return NewP2TRBIP86(nil, Mainnet) },
	} {
		if a, err := f(); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("%s of a zero key = %v, %v", name, a, err)
		}
	}
	one := make([]byte, 32)
	one[31] = 1
	k, _ := secp256k1.NewPrivateKey(one)
	for _, n := range []Network{0, -1, 5} {
		if a, err := NewP2WPKH(k.PublicKey(), n); !errors.Is(err, ErrNetwork) {
			t.Errorf("NewP2WPKH for network %v = %v, %v", n, a, err)
		}
	}
}

func TestText(t *testing.T) {
	type doc struct{ A Address }
	a, _ := Parse("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0")
	j, err := json.Marshal(doc{*a})
	if err != nil || string(j) != `{"A":"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"}` {
		t.Fatalf("json.Marshal = %s, %v", j, err)
	}
	var d doc
	if err := json.Unmarshal(j, &d); err != nil || d.A != *a {
		t.Fatalf("json.Unmarshal = %v, %v", d.A, err)
	}
	before := d.A
	if err := d.A.UnmarshalText([]byte("bc1qnope")); !errors.Is(err, ErrAddress) || d.A != before {
		t.Errorf("UnmarshalText of garbage: %v, left %v", err, d.A)
	}
}

func TestStrings(t *testing.T) {
	for k, s := range map[Kind]string{P2PKH: "p2pkh", P2SH: "p2sh", P2WPKH: "p2wpkh", P2WSH: "p2wsh", P2TR: "p2tr", WitnessUnknown: "witness_unknown", 0: "Kind(0)"} {
		if k.String() != s {
			t.Errorf("Kind %d: %q", int(k), k.String())
		}
	}
	for n, s := range map[Network]string{Mainnet: "mainnet", Testnet: "testnet", Signet: "signet", Regtest: "regtest", 9: "Network(9)"} {
		if n.String() != s {
			t.Errorf("Network %d: %q", int(n), n.String())
		}
	}
}

// checkEncode is base58.CheckEncode, for strings with other version bytes.
func checkEncode(payload []byte) string { return base58.CheckEncode(payload) }
