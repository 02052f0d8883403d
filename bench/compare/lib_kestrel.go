package main

import (
	"bytes"
	"slices"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/bip32"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/ellswift"
	"github.com/kestrel-crypto/secp256k1/frost"
	"github.com/kestrel-crypto/secp256k1/musig2"
	"github.com/kestrel-crypto/secp256k1/schnorr"
	"github.com/kestrel-crypto/secp256k1/silentpayments"
)

// newKestrel is the library "kestrel". This file holds all of the Kestrel
// side of the program: bench/basecompare.sh makes the library "base" from a
// copy of it, with the import paths of another revision and its top-level
// names renamed (kestrelX, addKestrelX and newKestrel: keep to them).
func newKestrel() *Lib {
	l := &Lib{
		Name:  "kestrel",
		Label: "Kestrel",
		About: "Kestrel (this repository), pure Go + amd64 assembly",
	}
	var (
		keys     []*secp256k1.PrivateKey
		pubs     []*secp256k1.PublicKey
		keypairs []*schnorr.Keypair
	)
	l.Load = func(d *Dataset) {
		keys, pubs, keypairs = nil, nil, nil
		for _, sk := range d.Seckeys {
			k, err := secp256k1.NewPrivateKey(sk)
			must(err)
			keys = append(keys, k)
			pubs = append(pubs, k.PublicKey())
			keypairs = append(keypairs, schnorr.NewKeypair(k))
		}
	}
	l.Keygen = func(sk []byte) []byte {
		k, err := secp256k1.NewPrivateKey(sk)
		if err != nil {
			return nil
		}
		return k.PublicKey().BytesCompressed()
	}
	l.ECDSASign = func(k int, msg []byte) []byte {
		sig, err := ecdsa.Sign(keys[k], msg)
		if err != nil {
			return nil
		}
		return sig.DER()
	}
	l.ECDSAVerify = func(pub, der, _, msg []byte) bool {
		pk, err := secp256k1.ParsePublicKey(pub)
		if err != nil {
			return false
		}
		sig, err := ecdsa.ParseDERSignature(der)
		return err == nil && ecdsa.Verify(pk, msg, sig)
	}
	l.ECDSARecover = func(rsv, msg []byte) []byte {
		pk, err := ecdsa.RecoverPublicKey(msg, rsv)
		if err != nil {
			return nil
		}
		return pk.BytesCompressed()
	}
	l.ECDH = func(k int, pub []byte) []byte {
		pk, err := secp256k1.ParsePublicKey(pub)
		if err != nil {
			return nil
		}
		return ecdh.SharedSecret(keys[k], pk)
	}
	l.SchnorrSign = func(k int, msg, aux []byte) []byte {
		sig, err := keypairs[k].Sign(msg, aux)
		if err != nil {
			return nil
		}
		return sig
	}
	l.SchnorrVerify = func(xonly, sig, msg []byte) bool {
		pk, err := schnorr.ParsePublicKey(xonly)
		return err == nil && schnorr.Verify(pk, msg, sig)
	}
	l.EllEncode = func(k int, rnd []byte) []byte {
		enc, err := ellswift.Encode(pubs[k], rnd)
		if err != nil {
			return nil
		}
		return enc
	}
	l.EllDecode = func(enc []byte) []byte {
		pk, err := ellswift.Decode(enc)
		if err != nil {
			return nil
		}
		return pk.BytesCompressed()
	}
	l.EllCreate = func(k int, aux []byte) []byte {
		enc, err := ellswift.Create(keys[k], aux)
		if err != nil {
			return nil
		}
		return enc
	}
	l.EllXDH = func(k int, ellA, ellB []byte, initiating bool) []byte {
		s, err := ellswift.XDH(ellA, ellB, keys[k], initiating)
		if err != nil {
			return nil
		}
		return s
	}
	l.MuSig2 = func(k0, k1 int, msg []byte) ([]byte, []byte) {
		agg, sig, err := kestrelMuSig2([2]*secp256k1.PrivateKey{keys[k0], keys[k1]}, msg)
		if err != nil {
			return nil, nil
		}
		return agg, sig
	}
	addKestrelHD(l)
	addKestrelMany(l)
	return l
}

// kestrelFROSTIDs are the signers of the frost_session row, of a 2-of-3 key.
var kestrelFROSTIDs = []int{0, 2}

// addKestrelMany adds the rows of old/new runs to l: VerifyMany, ScanMany
// and a FROST session.
func addKestrelMany(l *Lib) {
	var (
		ecdsaItems   []ecdsa.VerifyItem
		schnorrItems []schnorr.VerifyItem
		receiver     *silentpayments.Receiver
		txs          []silentpayments.ScanTx
		dealer       *frost.DealerOutput
		signers      *frost.SignersContext
		msgs         [][]byte
	)
	load := l.Load
	l.Load = func(d *Dataset) {
		load(d)
		ecdsaItems, schnorrItems, txs, msgs = nil, nil, nil, d.Msgs
		n := d.Len()
		for i := range n {
			pub, err := secp256k1.ParsePublicKey(d.Pubs[i])
			must(err)
			sig, err := ecdsa.ParseDERSignature(d.DERs[i])
			must(err)
			ecdsaItems = append(ecdsaItems, ecdsa.VerifyItem{Pub: pub, Hash: d.Msgs[i], Sig: sig})
			xonly, err := schnorr.ParsePublicKey(d.XOnlys[i])
			must(err)
			schnorrItems = append(schnorrItems, schnorr.VerifyItem{Pub: xonly, Msg: d.Msgs[i], Sig: d.Schnorrs[i]})
			// One input (case i's key), two outputs that are not ours.
			var op silentpayments.Outpoint
			copy(op.TxID[:], d.Aux[i])
			sum, err := silentpayments.NewPrevoutsSummary([]silentpayments.Outpoint{op}, []*secp256k1.PublicKey{pub})
			must(err)
			outs := [][32]byte{[32]byte(d.XOnlys[(i+1)%n]), [32]byte(d.XOnlys[(i+2)%n])}
			txs = append(txs, silentpayments.ScanTx{Summary: sum, Outputs: outs})
		}
		scan, err := secp256k1.NewPrivateKey(d.Seckeys[0])
		must(err)
		spend, err := secp256k1.ParsePublicKey(d.Pubs[1])
		must(err)
		receiver, err = silentpayments.NewReceiver(scan, spend)
		must(err)
		dealer, err = frost.TrustedDealerKeygen(3, 2, bytes.NewReader(bytes.Repeat(d.Seckeys[2], 8)))
		must(err)
		signers, err = frost.NewSignersContext(3, 2, kestrelFROSTIDs, [][]byte{dealer.PubShares[kestrelFROSTIDs[0]], dealer.PubShares[kestrelFROSTIDs[1]]}, dealer.ThreshPublicKey)
		must(err)
	}
	l.VerifyManyECDSA = func() bool { return !slices.Contains(ecdsa.VerifyMany(ecdsaItems, 1), false) }
	l.VerifyManySchnorr = func() bool { return !slices.Contains(schnorr.VerifyMany(schnorrItems, 1), false) }
	l.ScanMany = func() bool {
		for _, r := range receiver.ScanMany(txs, 1) {
			if r.Err != nil || len(r.Found) != 0 {
				return false
			}
		}
		return true
	}
	l.FROSTSession = func(i int) bool {
		sig, err := kestrelFROST(dealer, signers, kestrelFROSTIDs, msgs[i])
		return err == nil && len(sig) == 64
	}
}

// kestrelFROST runs a whole FROST session of the signers ids: a nonce each,
// nonce aggregation, the session context, a partial signature each
// (checked by its signer, as Sign does by default), the coordinator's
// check of each, and aggregation.
func kestrelFROST(dealer *frost.DealerOutput, signers *frost.SignersContext, ids []int, msg []byte) ([]byte, error) {
	secs := make([]*frost.SecNonce, len(ids))
	pubnonces := make([]frost.PubNonce, len(ids))
	for j := range ids {
		sec, pub, err := frost.NonceGen(nil)
		if err != nil {
			return nil, err
		}
		secs[j], pubnonces[j] = sec, *pub
	}
	agg, err := frost.NonceAgg(pubnonces)
	if err != nil {
		return nil, err
	}
	session, err := frost.NewSessionContext(signers, agg, nil, nil, msg)
	if err != nil {
		return nil, err
	}
	psigs := make([]frost.PartialSig, len(ids))
	for j, id := range ids {
		p, err := frost.Sign(secs[j], dealer.SecretShares[id], id, session)
		if err != nil {
			return nil, err
		}
		psigs[j] = *p
	}
	for j := range ids {
		if err := session.PartialSigVerify(&psigs[j], &pubnonces[j], j); err != nil {
			return nil, err
		}
	}
	return frost.PartialSigAgg(psigs, session)
}

// kestrelMuSig2 runs a whole 2-of-2 BIP-327 session: key sorting and
// aggregation, a nonce per signer, nonce aggregation, two partial signatures
// (each checked by its signer, as both libraries do by default), and
// aggregation. It returns the x-only aggregate key and the signature.
func kestrelMuSig2(keys [2]*secp256k1.PrivateKey, msg []byte) (agg, sig []byte, err error) {
	pubkeys := [][]byte{keys[0].PublicKey().BytesCompressed(), keys[1].PublicKey().BytesCompressed()}
	if string(pubkeys[0]) > string(pubkeys[1]) { // KeySort, keeping keys in step
		keys[0], keys[1] = keys[1], keys[0]
		pubkeys[0], pubkeys[1] = pubkeys[1], pubkeys[0]
	}
	ka, err := musig2.KeyAgg(pubkeys)
	if err != nil {
		return nil, nil, err
	}
	var secs [2]*musig2.SecNonce
	pubnonces := make([]musig2.PubNonce, 2)
	for i := range secs {
		sec, pub, err := musig2.NonceGen(pubkeys[i], &musig2.NonceGenOptions{SecretKey: keys[i], AggPublicKey: ka.XOnlyPublicKey(), Msg: msg})
		if err != nil {
			return nil, nil, err
		}
		secs[i], pubnonces[i] = sec, *pub
	}
	aggNonce, err := musig2.NonceAgg(pubnonces)
	if err != nil {
		return nil, nil, err
	}
	session, err := ka.NewSessionContext(aggNonce, msg)
	if err != nil {
		return nil, nil, err
	}
	psigs := make([]musig2.PartialSig, 2)
	for i := range secs {
		p, err := musig2.Sign(secs[i], keys[i], session)
		if err != nil {
			return nil, nil, err
		}
		psigs[i] = *p
	}
	sig, err = musig2.PartialSigAgg(psigs, session)
	if err != nil {
		return nil, nil, err
	}
	return ka.XOnlyPublicKey(), sig, nil
}

// addKestrelHD adds Kestrel's BIP-32 operations to l.
func addKestrelHD(l *Lib) {
	var accounts, xpubs []*bip32.ExtendedKey
	load := l.Load
	l.Load = func(d *Dataset) {
		load(d)
		accounts, xpubs = nil, nil
		for _, seed := range d.Seckeys {
			a, x := kestrelAccount(seed)
			accounts, xpubs = append(accounts, a), append(xpubs, x)
		}
	}
	l.HDAccount = func(k int) (string, string) { return accounts[k].Base58(), xpubs[k].Base58() }
	l.HDDerivePriv = func(k int, i uint32) []byte {
		c, err := accounts[k].Derive(i)
		if err != nil {
			return nil
		}
		return c.PublicKey().BytesCompressed()
	}
	l.HDDerivePub = func(k int, i uint32) []byte {
		c, err := xpubs[k].Derive(i)
		if err != nil {
			return nil
		}
		return c.PublicKey().BytesCompressed()
	}
}

// kestrelAccount returns the account key of seed and its xpub, their
// public keys computed.
func kestrelAccount(seed []byte) (account, xpub *bip32.ExtendedKey) {
	k, err := bip32.NewMaster(seed, bip32.Mainnet)
	must(err)
	for _, i := range accountPath {
		k, err = k.Derive(i)
		must(err)
	}
	xpub, err = k.Neuter() // computes k's public key
	must(err)
	xpub.Fingerprint()
	return k, xpub
}
