package main

// The second table of zero_calls_test.go, oneZeroCalls: a function that
// rejects its first zero argument never reaches a later nil one, so each
// function and method with parameters is also called once per parameter,
// with that parameter zero and every other one, and the receiver, a valid
// value from the fixtures table below.

import (
	"bytes"
	"fmt"
	"go/types"
	"slices"
	"strings"
	"unicode"
)

// fixtures maps a type, by its full name (types.TypeString without a
// qualifier: "*github.com/kestrel-crypto/secp256k1.PublicKey", "[]byte",
// "int"), to a Go expression of a valid value of it, for the parameters
// that are not the zero one and for the receivers of oneZeroCalls. A key
// "TYPE NAME" applies to the parameters of that type named NAME only, and
// wins over "TYPE": it makes a parameter fit the others where one type
// serves several purposes (a threshold public key and a message are both
// []byte), so that the call gets past the checks of its valid arguments to
// the zero one. A key "TYPE .METHOD" is, in the same way, the receiver of
// the method METHOD (a session that has registered every nonce, for Sign).
//
// An expression is evaluated afresh for every call, which may consume or
// change the value. It may use literals and the zf* builders of
// zero_fixtures_test.go (hand-written, deterministic: fixed keys from
// fixed bytes, no crypto/rand), which hold everything that needs a
// package. A parameter or receiver whose type has no entry leaves the call
// out; the generated file lists each such call as "no fixture".
var fixtures = map[string]string{
	// Basic types and the standard library.
	"[]byte":            "zfBytes()", // 32 bytes of a fixed pattern, the message of every session fixture
	"[][]byte":          "zfPubKeyBytes()",
	"[][32]byte":        "zfSPOutputs()",
	"[32]byte":          "[32]byte{1}",
	"[]int":             "zfFrostSignerIDs()",
	"[]uint64":          "[]uint64{1}",
	"bool":              "true",
	"int":               "1", // a signer's position or identifier in the session fixtures
	"string":            `"m/0/1"`,
	"uint32":            "1",
	"uint64":            "1",
	"io.Reader":         "zfReader()",
	"crypto.SignerOpts": "zfSignerOpts()",
	"func(x32 []byte, ellA64 []byte, ellB64 []byte) []byte": "zfBIP324Hash()",

	// Parameter-specific values of the basic types.
	"[]byte aggSig":          "zfHalfAggSig()",
	"[]byte cinv":            "zfDKGCinv()",
	"[]byte cmsg":            "zfDKGCmsg1()",
	"[]byte cmsg2":           "zfDKGCmsg2()",
	"[]byte ellA":            "zfEllSwiftA()",
	"[]byte ellB":            "zfEllSwiftB()",
	"[]byte groupPublicKey":  "zfRFCGroupPublicKey()",
	"[]byte pk":              "zfPubKeyBytesA()",
	"[]byte preSig":          "zfPreSigBytes()",
	"[]byte publicShare":     "zfRFCPublicShare()",
	"[]byte rd":              "zfDKGRecoveryData()",
	"[]byte scriptPubKey":    "zfSPScriptPubKey()",
	"[]byte secretShare":     "zfRFCSecretShare()",
	"[]byte sig":             "zfSchnorrSig()",
	"[]byte threshPK":        "zfFrostThreshPublicKey()",
	"[][]byte commitments":   "zfFrostCommitments()",
	"[][]byte pmsgs":         "zfDKGPmsgs1()",
	"[][]byte pmsgs2":        "zfDKGPmsgs2()",
	"[][]byte pubshares":     "zfFrostPubShares()",
	"[][]byte tweaks":        "zfTweaks()",
	"[][]byte vssCommitment": "zfRFCVSSCommitment()",
	"[][]byte witness":       "zfSPWitness()",
	"[]bool isXOnly":         "zfIsXOnly()",
	"int minSigners":         "2",
	"int n":                  "2",
	"int t":                  "2",
	"string hrp":             `"sp"`,
	"string s":               "zfExtendedKeyString()",
	"string sig":             "zfBIP322Sig()",
	"string txid":            "zfTxID()",

	// secp256k1
	"*github.com/kestrel-crypto/secp256k1.Point":      "zfPoint()",
	"*github.com/kestrel-crypto/secp256k1.PrivateKey": "zfKeyA()",
	"*github.com/kestrel-crypto/secp256k1.PublicKey":  "zfPublicKey()",
	// dleq's B, C and G: the points of the dleq.Proof fixture
	"*github.com/kestrel-crypto/secp256k1.PublicKey B": "zfPublicKeyB()",
	"*github.com/kestrel-crypto/secp256k1.PublicKey C": "zfDLEQC()",
	"*github.com/kestrel-crypto/secp256k1.PublicKey G": "zfGenerator()",
	"*github.com/kestrel-crypto/secp256k1.Scalar":      "zfScalar()",
	"[]*github.com/kestrel-crypto/secp256k1.PublicKey": "zfPublicKeys()",

	// adaptor, bip32, btcaddr, ct, dleq, ecdsa, s2c, schnorr
	"*github.com/kestrel-crypto/secp256k1/ct.Generator":                "ct.GeneratorH()",
	"*github.com/kestrel-crypto/secp256k1/ct.Commitment":               "zfCtCommitment()",
	"*github.com/kestrel-crypto/secp256k1/ct.SurjectionProof":          "zfSurjectionProof()",
	"[]*github.com/kestrel-crypto/secp256k1/ct.Generator":              "[]*ct.Generator{ct.GeneratorH()}",
	"*github.com/kestrel-crypto/secp256k1/adaptor.ECDSASignature":      "zfAdaptorECDSA()",
	"*github.com/kestrel-crypto/secp256k1/adaptor.SchnorrPreSignature": "zfSchnorrPreSig()",
	"*github.com/kestrel-crypto/secp256k1/bip32.ExtendedKey":           "zfExtendedKey()",
	"github.com/kestrel-crypto/secp256k1/bip32.Network":                "zfBIP32Network()",
	"[]github.com/kestrel-crypto/secp256k1/bip32.Network":              "zfBIP32Networks()",
	"*github.com/kestrel-crypto/secp256k1/btcaddr.Address":             "zfBtcAddress()",
	"github.com/kestrel-crypto/secp256k1/btcaddr.Network":              "zfBtcNetwork()",
	"*github.com/kestrel-crypto/secp256k1/dleq.Proof":                  "zfDLEQProof()",
	"*github.com/kestrel-crypto/secp256k1/ecdsa.Signature":             "zfECDSASignature()",
	"*github.com/kestrel-crypto/secp256k1/ecdsa.SignOptions":           "&ecdsa.SignOptions{LowR: true}",
	"*github.com/kestrel-crypto/secp256k1/ecdsa.Signer":                "zfECDSASigner()",
	"*github.com/kestrel-crypto/secp256k1/s2c.Opening":                 "zfS2COpening()",
	"*github.com/kestrel-crypto/secp256k1/schnorr.BatchVerifier":       "schnorr.NewBatchVerifier()",
	"*github.com/kestrel-crypto/secp256k1/schnorr.Keypair":             "zfKeypair()",
	"*github.com/kestrel-crypto/secp256k1/schnorr.SignOptions":         "&schnorr.SignOptions{AuxRand: zfBytes(), SelfCheck: true}",
	"*github.com/kestrel-crypto/secp256k1/schnorr.Signer":              "zfSchnorrSigner()",

	// halfagg: one signature, aggregated
	"[]github.com/kestrel-crypto/secp256k1/halfagg.Item": "zfHalfAggItems()",
	"[]github.com/kestrel-crypto/secp256k1/halfagg.Pair": "zfHalfAggPairs()",

	// frost: the 2-of-2 session of signers 0 and 1
	"*github.com/kestrel-crypto/secp256k1/frost.AggNonce":       "zfFrostAggNonce()",
	"*github.com/kestrel-crypto/secp256k1/frost.PartialSig":     "zfFrostPartialSig()",
	"*github.com/kestrel-crypto/secp256k1/frost.PubNonce":       "zfFrostPubNonce()",
	"*github.com/kestrel-crypto/secp256k1/frost.SecNonce":       "zfFrostSecNonce()",
	"*github.com/kestrel-crypto/secp256k1/frost.SecretShare":    "zfFrostSecretShare()",
	"*github.com/kestrel-crypto/secp256k1/frost.SessionContext": "zfFrostSession()",
	"*github.com/kestrel-crypto/secp256k1/frost.SignOptions":    "zfFrostSignOptions()",
	"*github.com/kestrel-crypto/secp256k1/frost.SignersContext": "zfFrostSigners()",
	"*github.com/kestrel-crypto/secp256k1/frost.TweakContext":   "zfFrostTweakContext()",
	"[]github.com/kestrel-crypto/secp256k1/frost.PartialSig":    "zfFrostPartialSigs()",
	"[]github.com/kestrel-crypto/secp256k1/frost.PubNonce":      "zfFrostPubNonces()",

	// frost/chilldkg: the 2-of-2 session of hosts 0 and 1
	"*github.com/kestrel-crypto/secp256k1/frost/chilldkg.CoordinatorState":                           "zfDKGCoordinatorState()",
	"*github.com/kestrel-crypto/secp256k1/frost/chilldkg.HostSecretKey":                              "zfHostKey()",
	"*github.com/kestrel-crypto/secp256k1/frost/chilldkg.ParticipantState1":                          "zfDKGState1()",
	"*github.com/kestrel-crypto/secp256k1/frost/chilldkg.ParticipantState2":                          "zfDKGState2()",
	"*github.com/kestrel-crypto/secp256k1/frost/chilldkg.SessionParams":                              "zfDKGParams()",
	"*github.com/kestrel-crypto/secp256k1/frost/chilldkg.UnknownFaultyParticipantOrCoordinatorError": "zfDKGUnknownFaulty()",

	// frost/rfc9591: the 2-of-2 session of identifiers 1 and 2
	"*github.com/kestrel-crypto/secp256k1/frost/rfc9591.KeyPackage":      "zfRFCKeyPackage()",
	"*github.com/kestrel-crypto/secp256k1/frost/rfc9591.SecretNonces":    "zfRFCSecretNonces()",
	"*github.com/kestrel-crypto/secp256k1/frost/rfc9591.SignatureShare":  "zfRFCSignatureShare()",
	"[]github.com/kestrel-crypto/secp256k1/frost/rfc9591.Commitment":     "zfRFCCommitments()",
	"[]github.com/kestrel-crypto/secp256k1/frost/rfc9591.SignatureShare": "zfRFCSignatureShares()",
	"github.com/kestrel-crypto/secp256k1/frost/rfc9591.Identifier":       "zfRFCIdentifier()",

	// musig2: signers A (index 0) and B (index 1)
	"*github.com/kestrel-crypto/secp256k1/musig2.AggNonce":                    "zfMuSigAggNonce()",
	"*github.com/kestrel-crypto/secp256k1/musig2.KeyAggContext":               "zfMuSigKeyAgg()",
	"*github.com/kestrel-crypto/secp256k1/musig2.NonceCounter":                "zfMuSigCounter()",
	"*github.com/kestrel-crypto/secp256k1/musig2.NonceGenOptions":             "zfMuSigNonceGenOptions()",
	"*github.com/kestrel-crypto/secp256k1/musig2.PartialSig":                  "zfMuSigPartialSig()",
	"*github.com/kestrel-crypto/secp256k1/musig2.PubNonce":                    "zfMuSigPubNonce()",
	"*github.com/kestrel-crypto/secp256k1/musig2.SecNonce":                    "zfMuSigSecNonce()",
	"*github.com/kestrel-crypto/secp256k1/musig2.Session":                     "zfMuSigSession()",
	"*github.com/kestrel-crypto/secp256k1/musig2.Session .Sign":               "zfMuSigSessionNonces()",
	"*github.com/kestrel-crypto/secp256k1/musig2.Session .RegisterPartialSig": "zfMuSigSessionSigned()",
	"*github.com/kestrel-crypto/secp256k1/musig2.SessionContext":              "zfMuSigSessionContext()",
	"*github.com/kestrel-crypto/secp256k1/musig2.SessionOptions":              "zfMuSigSessionOptions()",
	"*github.com/kestrel-crypto/secp256k1/musig2.SignOptions":                 "zfMuSigSignOptions()",
	"[]github.com/kestrel-crypto/secp256k1/musig2.PartialSig":                 "zfMuSigPartialSigs()",
	"[]github.com/kestrel-crypto/secp256k1/musig2.PubNonce":                   "zfMuSigPubNonces()",

	// silentpayments: key A pays the receiver (scan key B, spend key A)
	"*github.com/kestrel-crypto/secp256k1/silentpayments.Address":         "zfSPAddress()",
	"*github.com/kestrel-crypto/secp256k1/silentpayments.ECDHShare":       "zfSPECDHShare()",
	"*github.com/kestrel-crypto/secp256k1/silentpayments.FoundOutput":     "zfSPFoundOutput()",
	"*github.com/kestrel-crypto/secp256k1/silentpayments.PrevoutsSummary": "zfSPSummary()",
	"*github.com/kestrel-crypto/secp256k1/silentpayments.Receiver":        "zfSPReceiver()",
	"[]*github.com/kestrel-crypto/secp256k1/silentpayments.Address":       "zfSPAddresses()",
	"[]*github.com/kestrel-crypto/secp256k1/silentpayments.ECDHShare":     "zfSPECDHShares()",
	"[]github.com/kestrel-crypto/secp256k1/silentpayments.InputKey":       "zfSPInputKeys()",
	"[]github.com/kestrel-crypto/secp256k1/silentpayments.Outpoint":       "zfSPOutpoints()",
	"github.com/kestrel-crypto/secp256k1/silentpayments.InputKey":         "zfSPInputKey()",
	"github.com/kestrel-crypto/secp256k1/silentpayments.LabelLookup":      "zfSPLabelLookup()",
}

// fixtureKey is the key of t in fixtures: its full name.
func fixtureKey(t types.Type) string { return types.TypeString(t, nil) }

// fixture returns the fixtures key for a parameter of type t named name,
// or for a receiver of type t if name is "." and the method's name, and
// false if there is none.
func fixture(t types.Type, name string) (string, bool) {
	k := fixtureKey(t)
	if name != "" {
		if _, ok := fixtures[k+" "+name]; ok {
			return k + " " + name, true
		}
	}
	_, ok := fixtures[k]
	return k, ok
}

// paramName names parameter i of a call: its name, or #i if it has none.
func paramName(v *types.Var, i int) string {
	if n := v.Name(); n != "" && n != "_" {
		return n
	}
	return fmt.Sprintf("#%d", i)
}

// oneZeroCalls adds the calls of oneZeroCalls for the function or method
// base (the table name's prefix, "pkg.F" or "(*pkg.T).M") with signature
// sig: one for each parameter, zero, with fixtures for the others. recv is
// the receiver type of a method, whose fixture the method is called on,
// and nil for a function; fn is the function's qualified name or the
// method's name.
func (g *gen) oneZeroCalls(base string, recv types.Type, fn string, sig *types.Signature, pos string) {
	params := sig.Params()
	if params.Len() == 0 {
		return
	}
	if sig.TypeParams().Len() > 0 {
		g.skipped = append(g.skipped, base+": generic (oneZeroCalls)")
		return
	}
	for i := range params.Len() {
		name := base + ": zero " + paramName(params.At(i), i)
		var missing []string
		used := map[string]types.Type{}
		callee := fn
		if recv != nil {
			k, ok := fixture(recv, "."+fn)
			if !ok {
				missing = append(missing, k)
			}
			used[k] = recv
			callee = "\x00" + k + "\x00." + fn
		}
		var args []string
		unnameable := false
		for j := range params.Len() {
			v := params.At(j)
			variadic := sig.Variadic() && j == params.Len()-1
			if j == i {
				if variadic {
					continue // no argument: a nil slice
				}
				z, ok := g.zero(v.Type())
				if !ok {
					g.skipped = append(g.skipped, fmt.Sprintf("%s: parameter %s of unnameable type %s", name, v.Name(), v.Type()))
					unnameable = true
					break
				}
				args = append(args, z)
				continue
			}
			t := v.Type()
			k, ok := fixture(t, v.Name())
			spread := ""
			if variadic && ok {
				spread = "..."
			} else if variadic {
				// Else one element, if its type has a fixture.
				et := t.(*types.Slice).Elem()
				if ek, eok := fixture(et, v.Name()); eok {
					t, k, ok = et, ek, true
				}
			}
			if !ok {
				missing = append(missing, k)
				continue
			}
			used[k] = t
			args = append(args, "\x00"+k+"\x00"+spread)
		}
		if unnameable {
			continue
		}
		if len(missing) > 0 {
			slices.Sort(missing)
			for _, k := range slices.Compact(missing) {
				g.noFixture[k] = append(g.noFixture[k], name)
			}
			continue
		}
		for k, t := range used {
			g.usedFixtures[k] = t
		}
		g.oneZero = append(g.oneZero, call{
			name: name,
			pos:  pos,
			body: fmt.Sprintf("%s(%s)", callee, strings.Join(args, ", ")),
		})
	}
}

// fixtureHelper is the name of the generated function that returns the
// fixture of key k, of type t: fx, the type's name in the file in
// CamelCase, and the parameter name of a parameter-specific key.
func (g *gen) fixtureHelper(k string, t types.Type) string {
	var b strings.Builder
	b.WriteString("fx")
	s := g.typeString(t)
	up := true
	for i := 0; i < len(s); i++ {
		c := rune(s[i])
		switch {
		case c == '*':
			b.WriteString("Ptr")
			up = true
		case strings.HasPrefix(s[i:], "[]"):
			b.WriteString("Slice")
			i++
			up = true
		case c == '[':
			b.WriteString("Arr")
			up = true
		case unicode.IsLetter(c) || unicode.IsDigit(c):
			if up {
				c = unicode.ToUpper(c)
			}
			b.WriteRune(c)
			up = false
		default:
			up = true
		}
	}
	if name, ok := strings.CutPrefix(k, fixtureKey(t)+" "); ok {
		if m, ok := strings.CutPrefix(name, "."); ok {
			name = "for" + m // a receiver for method m
		}
		b.WriteString("_" + name)
	}
	return b.String()
}

// unusedFixtures returns the keys of fixtures that no call uses, sorted.
func (g *gen) unusedFixtures() []string {
	var ks []string
	for k := range fixtures {
		if _, ok := g.usedFixtures[k]; !ok {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

// noFixtureCount returns the number of calls left out for want of a
// fixture (a call that lacks two is counted once).
func (g *gen) noFixtureCount() int {
	seen := map[string]bool{}
	for _, names := range g.noFixture {
		for _, n := range names {
			seen[n] = true
		}
	}
	return len(seen)
}

// writeOneZero writes the fixture helpers, oneZeroCalls and
// TestOneZeroCalls; strs is the file's name of package strings.
func (g *gen) writeOneZero(b *bytes.Buffer, helpers []fixtureHelper) {
	b.WriteString(`
// The fixtures of oneZeroCalls: each helper returns a fresh valid value
// of its type, from the fixtures table of internal/_tools/zerocalls (the
// type's full name, or the type and a parameter name, in the comment) and
// the builders of zero_fixtures_test.go.
`)
	for _, h := range helpers {
		fmt.Fprintf(b, "func %s() %s { return %s } // %s\n", h.name, h.typ, h.expr, h.key)
	}
	fmt.Fprintf(b, `
// oneZeroFixtures builds every fixture once, so that TestOneZeroCalls
// (zero_check_test.go) reports a fixture that fails to build as such.
var oneZeroFixtures = []zeroCall{
`)
	for _, h := range helpers {
		fmt.Fprintf(b, "\t{%q, func() { _ = %s() }},\n", h.key, h.name)
	}
	b.WriteString("}\n")

	// The calls left out for want of a fixture, by the type that has none.
	var keys []string
	for k := range g.noFixture {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	fmt.Fprintf(b, `
// oneZeroCalls calls every function and method of zeroCalls that has
// parameters once for each parameter: that parameter gets its zero value
// (a variadic one gets no argument) and every other parameter, and a
// method's receiver, a valid value from the fixture helpers above. A
// function that rejects a zero argument before it looks at a later one
// gets each of them alone here. Errors are expected (not every fixture
// suits every function: 32 bytes of a pattern are no signature); only a
// panic fails. The comment of each call is the file of the declaration.
//
// %d calls; %d left out for want of a fixture, listed below by the type
// that has none (add it to the fixtures table of internal/_tools/zerocalls
// to cover them).
//
// Left out (internal/_tools/zerocalls, exempt), with the reason:
`, len(g.oneZero), g.noFixtureCount())
	for _, e := range g.oneZeroExempted {
		fmt.Fprintf(b, "//   - %s\n", e)
	}
	b.WriteString("//\n// No fixture:\n")
	if len(keys) == 0 {
		b.WriteString("//   - none\n")
	}
	for _, k := range keys {
		names := g.noFixture[k]
		slices.Sort(names)
		fmt.Fprintf(b, "//   - %s (%d): %s\n", k, len(names), strings.Join(names, "; "))
	}
	b.WriteString("var oneZeroCalls = []zeroCall{\n")
	for _, c := range g.oneZero {
		fmt.Fprintf(b, "\t{%q, func() { %s }}, // %s\n", c.name, c.body, c.pos)
	}
	b.WriteString("}\n")
}
