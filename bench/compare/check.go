package main

import (
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
)

// The cross-check runs every operation of every library on the cases of a
// data set and requires that the libraries agree with each other: the same
// public keys from the same private keys, byte-identical ECDSA and BIP-340
// signatures (all sign with RFC 6979 or BIP-340's aux nonce), each library
// accepting every other library's signatures and rejecting them for another
// message or key, the same recovered keys, ECDH and BIP-324 secrets,
// ElligatorSwift encodings that every library decodes to the same key, and
// the same BIP-32 keys (hd.go).

// maxShown caps the mismatches printed; all are counted.
const maxShown = 20

type checker struct {
	w           io.Writer
	seed        uint64
	comparisons int
	mismatches  int
}

// A value is one library's output for a comparison.
type value struct {
	who string
	b   []byte
}

func (c *checker) report(op string, i int, format string, args ...any) {
	c.mismatches++
	if c.mismatches <= maxShown {
		fmt.Fprintf(c.w, "MISMATCH %s, case %d (-seed %d): %s\n", op, i, c.seed, fmt.Sprintf(format, args...))
	}
}

// agree requires all values to be equal (and non-nil).
func (c *checker) agree(op string, i int, what string, vals []value) {
	if len(vals) < 2 {
		return
	}
	c.comparisons++
	same := true
	for _, v := range vals {
		if v.b == nil || string(v.b) != string(vals[0].b) {
			same = false
		}
	}
	if same {
		return
	}
	var lines []string
	for _, v := range vals {
		s := "failed"
		if v.b != nil {
			s = hex.EncodeToString(v.b)
		}
		lines = append(lines, fmt.Sprintf("\n    %-28s %s", v.who, s))
	}
	c.report(op, i, "%s differ:%s", what, strings.Join(lines, ""))
}

// expect requires got to be want.
func (c *checker) expect(op string, i int, got, want bool, format string, args ...any) {
	c.comparisons++
	if got != want {
		c.report(op, i, "%s: got %v, want %v", fmt.Sprintf(format, args...), got, want)
	}
}

// compressed returns the 33-byte encoding of a serialized public key, or nil.
func compressed(b []byte) []byte {
	pk, err := secp256k1.ParsePublicKey(b)
	if err != nil {
		return nil
	}
	return pk.BytesCompressed()
}

// xOf returns the x coordinate of a serialized public key, or nil.
func xOf(b []byte) []byte {
	if c := compressed(b); c != nil {
		return c[1:]
	}
	return nil
}

// sigForms returns the DER and r ‖ s forms of a signature that l made.
func sigForms(l *Lib, sig []byte) (der, compact []byte) {
	if l.SignRSV {
		if len(sig) != 65 {
			return nil, nil
		}
		s, err := ecdsa.ParseCompactSignature(sig[:64])
		if err != nil {
			return nil, nil
		}
		return s.DER(), sig[:64]
	}
	s, err := ecdsa.ParseDERSignature(sig)
	if err != nil {
		return nil, nil
	}
	return sig, s.Compact()
}

// crossCheck loads d into every library and compares them on every case. It
// writes each mismatch to w and returns the number of comparisons and of
// mismatches.
func crossCheck(libs []*Lib, d *Dataset, seed uint64, w io.Writer) (comparisons, mismatches int) {
	c := &checker{w: w, seed: seed}
	for _, l := range libs {
		l.Load(d)
	}
	with := func(has func(l *Lib) bool) []*Lib {
		return slices.DeleteFunc(slices.Clone(libs), func(l *Lib) bool { return !has(l) })
	}
	n := d.Len()
	for i := range n {
		j := (i + 1) % n
		c.checkECDSA(with(func(l *Lib) bool { return l.ECDSASign != nil }), with(func(l *Lib) bool { return l.ECDSAVerify != nil }),
			with(func(l *Lib) bool { return l.ECDSARecover != nil }), d, i, j)

		var vals []value
		for _, l := range with(func(l *Lib) bool { return l.Keygen != nil }) {
			vals = append(vals, value{l.Name, compressedOrNil(l.Keygen(d.Seckeys[i]))})
		}
		c.agree("ec_keygen", i, "public keys", append(vals, value{"expected (Kestrel)", d.Pubs[i]}))

		vals = nil
		for _, l := range with(func(l *Lib) bool { return l.ECDH != nil }) {
			vals = append(vals, value{l.Name + " k_i·P_j", l.ECDH(i, d.Pubs[j])}, value{l.Name + " k_j·P_i", l.ECDH(j, d.Pubs[i])})
		}
		c.agree("ecdh", i, "shared secrets", vals)

		c.checkSchnorr(with(func(l *Lib) bool { return l.SchnorrSign != nil }), with(func(l *Lib) bool { return l.SchnorrVerify != nil }), d, i, j)
		c.checkEllSwift(libs, d, i, j)

		verifiers := with(func(l *Lib) bool { return l.SchnorrVerify != nil })
		vals = nil
		for _, l := range with(func(l *Lib) bool { return l.MuSig2 != nil }) {
			agg, sig := l.MuSig2(i, j, d.Msgs[i])
			vals = append(vals, value{l.Name, agg})
			for _, v := range verifiers {
				c.expect("musig2_session", i, agg != nil && v.SchnorrVerify(agg, sig, d.Msgs[i]), true, "%s verifies %s's MuSig2 signature", v.Name, l.Name)
			}
		}
		c.agree("musig2_session", i, "aggregate keys", vals)

		c.checkHD(libs, i)
	}
	for _, l := range libs {
		if l.Illegal != nil && l.Illegal() != 0 {
			c.report("binding", -1, "%s reported %d illegal-argument calls", l.Name, l.Illegal())
		}
	}
	return c.comparisons, c.mismatches
}

func compressedOrNil(b []byte) []byte {
	if b == nil {
		return nil
	}
	return compressed(b)
}

func (c *checker) checkECDSA(signers, verifiers, recoverers []*Lib, d *Dataset, i, j int) {
	var compacts, ders []value
	type sig struct {
		who          string
		der, compact []byte
	}
	sigs := []sig{{"dataset (Kestrel)", d.DERs[i], d.Compacts[i]}}
	rsvs := []value{{"dataset (Kestrel)", d.RSVs[i]}}
	for _, l := range signers {
		out := l.ECDSASign(i, d.Msgs[i])
		der, compact := sigForms(l, out)
		compacts = append(compacts, value{l.Name, compact})
		if l.SignRSV {
			rsvs = append(rsvs, value{l.Name, out})
		} else {
			ders = append(ders, value{l.Name, der})
		}
		sigs = append(sigs, sig{l.Name, der, compact})
	}
	c.agree("ecdsa_sign", i, "signatures r ‖ s", append(compacts, value{"expected (Kestrel)", d.Compacts[i]}))
	c.agree("ecdsa_sign", i, "DER signatures", ders)
	c.agree("ecdsa_sign", i, "recoverable signatures r ‖ s ‖ v", rsvs)
	for _, v := range verifiers {
		for _, s := range sigs {
			ok := s.der != nil && v.ECDSAVerify(d.Pubs[i], s.der, s.compact, d.Msgs[i])
			c.expect("ecdsa_verify", i, ok, true, "%s verifies %s's signature", v.Name, s.who)
		}
		c.expect("ecdsa_verify", i, v.ECDSAVerify(d.Pubs[i], d.DERs[i], d.Compacts[i], d.Msgs[j]), false, "%s verifies a signature for another message", v.Name)
		c.expect("ecdsa_verify", i, v.ECDSAVerify(d.Pubs[j], d.DERs[i], d.Compacts[i], d.Msgs[i]), false, "%s verifies a signature under another key", v.Name)
	}
	for _, r := range recoverers {
		vals := []value{{"expected (the signer's key)", d.Pubs[i]}}
		for _, s := range rsvs {
			vals = append(vals, value{r.Name + " from " + s.who, compressedOrNil(r.ECDSARecover(s.b, d.Msgs[i]))})
		}
		c.agree("ecdsa_recover", i, "recovered keys", vals)
	}
}

func (c *checker) checkSchnorr(signers, verifiers []*Lib, d *Dataset, i, j int) {
	sigs := []value{{"expected (Kestrel schnorr.Sign)", d.Schnorrs[i]}}
	for _, l := range signers {
		sigs = append(sigs, value{l.Name, l.SchnorrSign(i, d.Msgs[i], d.Aux[i])})
	}
	c.agree("schnorrsig_sign", i, "BIP-340 signatures", sigs)
	for _, v := range verifiers {
		for _, s := range sigs {
			c.expect("schnorrsig_verify", i, s.b != nil && v.SchnorrVerify(d.XOnlys[i], s.b, d.Msgs[i]), true, "%s verifies %s's signature", v.Name, s.who)
		}
		c.expect("schnorrsig_verify", i, v.SchnorrVerify(d.XOnlys[i], d.Schnorrs[i], d.Msgs[j]), false, "%s verifies a signature for another message", v.Name)
		c.expect("schnorrsig_verify", i, v.SchnorrVerify(d.XOnlys[j], d.Schnorrs[i], d.Msgs[i]), false, "%s verifies a signature under another key", v.Name)
	}
}

func (c *checker) checkEllSwift(libs []*Lib, d *Dataset, i, j int) {
	var decoders []*Lib
	for _, l := range libs {
		if l.EllDecode != nil {
			decoders = append(decoders, l)
		}
	}
	// Every decoder decodes every encoder's encoding of key i to key i's x
	// (BIP-324 uses x only; btcec's encoder takes x alone).
	roundTrip := func(op string, encs []value) {
		for _, e := range encs {
			vals := []value{{"expected x (the key's)", d.Pubs[i][1:]}}
			for _, dec := range decoders {
				vals = append(vals, value{dec.Name + " decodes " + e.who, xOf(decodeOrNil(dec, e.b))})
			}
			c.agree(op, i, "decoded x coordinates", vals)
		}
	}
	var encs, creates []value
	for _, l := range libs {
		if l.EllEncode != nil {
			encs = append(encs, value{l.Name, l.EllEncode(i, d.Aux[i])})
		}
		if l.EllCreate != nil {
			creates = append(creates, value{l.Name, l.EllCreate(i, d.Aux[i])})
		}
	}
	roundTrip("ellswift_encode", encs)
	creates = append(creates, value{"dataset (Kestrel)", d.Ells[i]})
	roundTrip("ellswift_keygen", creates)
	deterministic := func(vals []value) []value {
		return slices.DeleteFunc(slices.Clone(vals), func(v value) bool {
			l := find(libs, v.who)
			return l != nil && l.EllRandom
		})
	}
	c.agree("ellswift_encode", i, "encodings with the same randomness", deterministic(encs))
	c.agree("ellswift_keygen", i, "encodings with the same randomness", deterministic(creates))

	var vals []value
	for _, dec := range decoders {
		vals = append(vals, value{dec.Name, dec.EllDecode(d.Rand64[i])})
	}
	c.agree("ellswift_decode", i, "keys decoded from 64 random bytes", vals)

	vals = nil
	for _, l := range libs {
		if l.EllXDH != nil {
			vals = append(vals, value{l.Name + " as initiator", l.EllXDH(i, d.Ells[i], d.Ells[j], true)},
				value{l.Name + " as responder", l.EllXDH(j, d.Ells[i], d.Ells[j], false)})
		}
	}
	c.agree("ellswift_ecdh", i, "BIP-324 shared secrets", vals)
}

func find(libs []*Lib, name string) *Lib {
	for _, l := range libs {
		if l.Name == name {
			return l
		}
	}
	return nil
}

func decodeOrNil(l *Lib, enc []byte) []byte {
	if enc == nil {
		return nil
	}
	return l.EllDecode(enc)
}
