package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

// messageAddresses returns the key k (as hex) and its addresses of each
// type that message sign serves, with the format sign picks for each.
func messageAddresses(t *testing.T, v byte) (string, []struct{ addr, format string }) {
	t.Helper()
	b := make([]byte, 32)
	b[31] = v
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	pub := k.PublicKey()
	p2pkh, _ := btcaddr.NewP2PKH(pub, true, btcaddr.Mainnet)
	p2pkhU, _ := btcaddr.NewP2PKH(pub, false, btcaddr.Testnet)
	p2wpkh, _ := btcaddr.NewP2WPKH(pub, btcaddr.Mainnet)
	nested, _ := btcaddr.NewP2SHP2WPKH(pub, btcaddr.Mainnet)
	p2tr, _ := btcaddr.NewP2TRBIP86(pub, btcaddr.Regtest)
	return fmt.Sprintf("%064x", v), []struct{ addr, format string }{
		{p2pkh.String(), "legacy"}, {p2pkhU.String(), "legacy"}, {p2wpkh.String(), "simple"},
		{nested.String(), "full"}, {p2tr.String(), "simple"},
	}
}

func TestMessageSignVerify(t *testing.T) {
	sk, addrs := messageAddresses(t, 5)
	const msg = "I own this address: 100% ✓"
	for _, a := range addrs {
		out, errOut, code := cli(t, "", "message", "sign", "-json", sk, a.addr, msg)
		var res struct{ Address, Format, Signature string }
		if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || res.Address != a.addr || res.Format != a.format {
			t.Fatalf("message sign -json %s = %q (%v), exit %d, stderr %q", a.addr, out, err, code, errOut)
		}
		if text, _, _ := cli(t, "", "message", "sign", sk, a.addr, msg); a.format != "simple" && text != res.Signature {
			t.Errorf("%s: text signature %q, JSON %q (ECDSA is deterministic)", a.addr, text, res.Signature)
		}
		if out, errOut, code := cli(t, "", "message", "verify", a.addr, msg, res.Signature); code != 0 || out != "true" || errOut != "" {
			t.Errorf("message verify %s: %q, exit %d, stderr %q", a.addr, out, code, errOut)
		}
		if out, _, code := cli(t, "", "message", "verify", "-json", a.addr, msg, res.Signature); code != 0 || out != `{"format":"`+a.format+`","valid":true}` && a.format != "full" {
			t.Errorf("message verify -json %s: %q, exit %d", a.addr, out, code)
		}
		// Another message: false, exit 1, the reason in one line.
		out, errOut, code = cli(t, "", "message", "verify", a.addr, msg+".", res.Signature)
		if code != 1 || out != "false" || !strings.HasPrefix(errOut, "secp256k1 message verify: invalid signature: ") || strings.Contains(errOut, "\n") {
			t.Errorf("message verify %s of another message: %q, exit %d, stderr %q", a.addr, out, code, errOut)
		}
		if out, _, code := cli(t, "", "message", "verify", "-json", a.addr, msg+".", res.Signature); code != 1 || out != `{"valid":false}` {
			t.Errorf("message verify -json of another message: %q, exit %d", out, code)
		}
		// Every other format the address has.
		for _, f := range []string{"full", "legacy", "simple"} {
			sig, errOut, code := cli(t, "", "message", "sign", "-format", f, sk, a.addr, msg)
			supported := f == "full" || f == "legacy" && !strings.Contains(a.addr, "1p") || f == "simple" && a.format == "simple"
			if !supported {
				if code != 2 || errOut == "" {
					t.Errorf("message sign -format %s for %s: %q, exit %d", f, a.addr, sig, code)
				}
				continue
			}
			if code != 0 {
				t.Fatalf("message sign -format %s for %s: exit %d, %s", f, a.addr, code, errOut)
			}
			if out, errOut, code := cli(t, "", "message", "verify", a.addr, msg, sig); code != 0 || out != "true" {
				t.Errorf("-format %s signature for %s: %q, exit %d, %s", f, a.addr, out, code, errOut)
			}
		}
	}
}

// Arguments from standard input: a line each, the message without its line
// ending but with its spaces.
func TestMessageStdin(t *testing.T) {
	sk, addrs := messageAddresses(t, 6)
	addr := addrs[2].addr
	sig, errOut, code := cli(t, sk+"\n", "message", "sign", "-", addr, "  two  spaces ")
	if code != 0 {
		t.Fatalf("sign with the key from standard input: exit %d, %s", code, errOut)
	}
	if out, errOut, code := cli(t, "  two  spaces \r\n"+sig+"\n", "message", "verify", addr, "-", "-"); code != 0 || out != "true" {
		t.Errorf("verify with message and signature from standard input: %q, exit %d, %s", out, code, errOut)
	}
	if _, _, code := cli(t, "two spaces\n"+sig+"\n", "message", "verify", addr, "-", "-"); code != 1 {
		t.Errorf("verify of another message from standard input: exit %d", code)
	}
	if _, errOut, code := cli(t, "", "message", "verify", addr, "-", sig); code != 2 || !strings.Contains(errOut, "missing <message> on standard input") {
		t.Errorf("nothing on standard input: exit %d, %q", code, errOut)
	}
	// The last line needs no line ending.
	if out, _, code := cli(t, sig, "message", "verify", addr, "  two  spaces ", "-"); code != 0 || out != "true" {
		t.Errorf("signature without a line ending: %q, exit %d", out, code)
	}
}

// BIP-322's vectors and Bitcoin Core's signmessage vector, through the
// command.
func TestMessageVectors(t *testing.T) {
	for _, c := range []struct {
		addr, msg, sig string
		code           int
		out, errPart   string
	}{
		{"bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l", "Hello World", "smpAkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=", 0, "true", ""},
		{"bc1pss0zhytly75awhm6x2hhvd5lnzv3vssgrf9axfheq8ldyzn88ges79fler", "No prefix fallback", "AUCJYOwOjxYAvatTAGYaVlNXBVyFuc4MwNQkOuK2tl8xhfKDONd0NjfYyNSYcRqeCp8hsAnCEPHAVEkO9h6vbQ/R", 0, "true", ""},
		{"bc1qrqtlzcq86850yzgsyq9sssawx2qxlx5yq3xpkd", "KLE5MMJBTNF4AVZXIO3GIL5UWF", "fulAgAAAAABAUrfzHHOLAKmgCIFSTT3krp+cQxj1BDPBN4GBg3tRmFXAAAAAADgBwAAAQAAAAAAAAAAAWoCSDBFAiEAjYj85zyhQKa9DbMO0reDwdhkNwKJkF3q2qFcijXDgMUCIAaQ75s3fwqrCeYIUJugLvhxZFxQIVquGN90vIKCW3QLASEDMurnDzvc0zABUwVwCADfGXoDx/M3SQnYt7e3IHDoU3PgBwAA", 0, "true\nvalid from lock time 2016 and sequence 2016", ""},
		{"mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB", "This is just a test message", "INbVnW4e6PeRmsv2Qgu8NuopvrVjkcxob+sX8OcZG0SALhWybUjzMLPdAsXI46YZGb0KQTRii+wWIQzRpG/U+S0=", 0, "true", ""},
		{"mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB", "This is just a test message.", "INbVnW4e6PeRmsv2Qgu8NuopvrVjkcxob+sX8OcZG0SALhWybUjzMLPdAsXI46YZGb0KQTRii+wWIQzRpG/U+S0=", 1, "false", "invalid signature"},
		{"bc1qp0ahvfh83088w49k405szqgg4f3pptr7p2g06tdxfjcd40z4lh4q95lsz9", "This will be a p2wsh 3-of-3 multisig BIP 322 signed message", "smpBQBHMEQCIFX9aaqPJWq2Ff2kpen5bFDTid+ehgUOpHV0LfjncXy4AiA3GNicF7aKPzdpa9PCpmaYQs3pHd+qbvvhXdxOCKCAMAFIMEUCIQD/ELXg6CNYyUQijCg96JtgvgjZb9dsl1Ctof4QAeyTcQIgVM/1AAblFl/DCt6A1gJg+T/i2qU5SQD09+chFJzolRwBSDBFAiEAlqRfSFyWNVQhvaCnmeV5tyneiCWMTcFbuujoD/pFa3wCIGnZjfQb8NolSYq9asV+ZeBSkCGHJcqnaV4JYS5MYPEGAWlTIQJ1aLEfEi/4p7wcV+XHZCBVvGGJZ7L3v+jhH+mZA8lN0yECCovfec+kIdllXpKCgA8RX/HZ2x5yHOtCSKP8/sf6pnwhAwxSng6kCgCXXSAmJOOZFdr3vdK3HzGqCFloOHgc5fM6U64=", 2, "", "inconclusive: p2wsh: needs a script interpreter"},
		{"bc1qp0ahvfh83088w49k405szqgg4f3pptr7p2g06tdxfjcd40z4lh4q95lsz9", "", "smpAA==", 1, "false", "a p2wsh witness ends with the witness script"},
		{"bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l", "", "not-valid-base64!!!", 2, "", "signature: error decoding signature as base64"},
		{"bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l", "", "", 2, "", "signature too short"},
		{"bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l", "", "smpAA==", 1, "false", "not 0 items"},
		{"1PgwDB9w9vKjqhXMaqDiZyktC4x2eC7Wkw", "", "pofcHNidP8B", 2, "", "inconclusive: proof of funds"},
	} {
		out, errOut, code := cli(t, "", "message", "verify", c.addr, c.msg, c.sig)
		if code != c.code || out != c.out || !strings.Contains(errOut, c.errPart) || strings.Contains(errOut, "\n") {
			t.Errorf("message verify %s %q %.20s…: %q, exit %d, stderr %q; want %q, exit %d, stderr with %q", c.addr, c.msg, c.sig, out, code, errOut, c.out, c.code, c.errPart)
		}
	}
	// JSON of a full signature with a time lock.
	out, _, _ := cli(t, "", "message", "verify", "-json", "bc1qrqtlzcq86850yzgsyq9sssawx2qxlx5yq3xpkd", "KLE5MMJBTNF4AVZXIO3GIL5UWF", "fulAgAAAAABAUrfzHHOLAKmgCIFSTT3krp+cQxj1BDPBN4GBg3tRmFXAAAAAADgBwAAAQAAAAAAAAAAAWoCSDBFAiEAjYj85zyhQKa9DbMO0reDwdhkNwKJkF3q2qFcijXDgMUCIAaQ75s3fwqrCeYIUJugLvhxZFxQIVquGN90vIKCW3QLASEDMurnDzvc0zABUwVwCADfGXoDx/M3SQnYt7e3IHDoU3PgBwAA")
	if out != `{"format":"full","valid":true,"lock_time":2016,"sequence":2016}` {
		t.Errorf("message verify -json of a full signature: %q", out)
	}
}

func TestMessageBadInput(t *testing.T) {
	sk, addrs := messageAddresses(t, 7)
	p2wpkh := addrs[2].addr
	sig, _, _ := cli(t, "", "message", "sign", sk, p2wpkh, "m")
	for _, c := range []struct {
		args    []string
		errPart string
	}{
		{[]string{"message"}, "want sign or verify"},
		{[]string{"message", "frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"message", "sign"}, "want arguments <seckey> <address> <message>, got 0"},
		{[]string{"message", "sign", sk, p2wpkh}, "got 2"},
		{[]string{"message", "sign", sk, p2wpkh, "m", "extra"}, "got 4"},
		{[]string{"message", "sign", sk, p2wpkh, "m", "-json"}, "flags go before the arguments"},
		{[]string{"message", "sign", "zz", p2wpkh, "m"}, "private key: not hex"},
		{[]string{"message", "sign", "1122", p2wpkh, "m"}, "private key: want 32 bytes"},
		{[]string{"message", "sign", strings.Repeat("00", 32), p2wpkh, "m"}, "private key: zero"},
		{[]string{"message", "sign", strings.Repeat("ff", 32), p2wpkh, "m"}, "not less than the group order"},
		{[]string{"message", "sign", sk, "bc1qnope", "m"}, "address: not bech32 or bech32m"},
		{[]string{"message", "sign", sk, "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "m"}, "address: unknown network"},
		{[]string{"message", "sign", sk, "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", "m"}, "p2wsh"},
		{[]string{"message", "sign", sk, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "m"}, "does not belong to the address: not the P2WPKH address of the key (the key's is " + p2wpkh + ")"},
		{[]string{"message", "sign", "-format", "pem", sk, p2wpkh, "m"}, `unknown -format "pem"`},
		{[]string{"message", "sign", "-format", "simple", sk, addrs[0].addr, "m"}, "simple signatures are for native segwit addresses"},
		{[]string{"message", "sign", "-format", "legacy", sk, addrs[4].addr, "m"}, "p2tr address has no legacy signature"},
		{[]string{"message", "sign", "-nosuchflag", sk, p2wpkh, "m"}, "flag provided but not defined: -nosuchflag"},
		{[]string{"message", "verify", "-format", "full", p2wpkh, "m", sig}, "-format is not a flag of message verify, which takes -json"},
		{[]string{"message", "verify", "bc1qnope", "m", sig}, "address: not bech32 or bech32m"},
		{[]string{"message", "verify", p2wpkh, "m"}, "want arguments <address> <message> <signature>, got 2"},
		{[]string{"message", "verify", p2wpkh, "m", "ful" + sig[3:]}, "error parsing signature as full variant"},
		{[]string{"message", "verify", p2wpkh, "m", "-"}, "missing <signature> on standard input"},
		{[]string{"message", "sign", "-", "-", "m"}, "missing <seckey> on standard input"},
		{[]string{"help", "message", "extra"}, `unknown command "extra"`},
		{[]string{"help", "message", "sign", "extra"}, "want at most one command"},
	} {
		out, errOut, code := cli(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.errPart) || strings.Contains(errOut, "\n") {
			t.Errorf("%q: stdout %q, exit %d, stderr %q; want exit 2 and %q", c.args, out, code, errOut, c.errPart)
		}
		if strings.Contains(errOut, "goroutine") || strings.Contains(errOut, "panic") {
			t.Errorf("%q: stack trace: %q", c.args, errOut)
		}
	}
}

func TestMessageHelp(t *testing.T) {
	for _, args := range [][]string{{"message", "-h"}, {"message", "--help"}, {"help", "message"}} {
		out, errOut, code := cli(t, "", args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: secp256k1 message sign [flags] <seckey> <address> <message>") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	for _, mc := range messageCommands {
		for _, args := range [][]string{{"message", mc.name, "-h"}, {"message", mc.name, "-help"}, {"message", mc.name, "a", "--help"}} {
			out, errOut, code := cli(t, "", args...)
			if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: secp256k1 message "+mc.name+" [flags] "+mc.args) || !strings.Contains(out, "-json") {
				t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
			}
		}
	}
	if out, _, _ := cli(t, "", "help"); !strings.Contains(out, "message sign <seckey> <address> <message>") || !strings.Contains(out, "message verify <address> <message> <signature>") {
		t.Errorf("help does not list the message commands: %q", out)
	}
}
