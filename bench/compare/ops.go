package main

// An Op is one row of the comparison: libsecp256k1's bench row name, what
// the row measures, and for a library that offers it, the function that
// runs case i once and reports whether it succeeded.
type Op struct {
	Name string
	What string
	Run  func(l *Lib, d *Dataset) func(i int) bool // nil if l lacks the operation
	// OldNew marks a row that only Kestrel offers, measured only in the
	// old/new runs of bench/basecompare.sh (with the library "base").
	OldNew bool
}

// The rows in the order of libsecp256k1's bench output, then MuSig2 and
// BIP-32, then the rows of old/new runs.
var ops = []Op{
	{
		Name: "ecdsa_verify",
		What: "parse a 33-byte public key and a DER signature (go-ethereum: 64-byte r ‖ s), verify a 32-byte hash",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.ECDSAVerify == nil {
				return nil
			}
			return func(i int) bool { return l.ECDSAVerify(d.Pubs[i], d.DERs[i], d.Compacts[i], d.Msgs[i]) }
		},
	},
	{
		Name: "ecdsa_sign",
		What: "RFC 6979 signature of a 32-byte hash with a key made beforehand, serialized as DER (go-ethereum: r ‖ s ‖ v)",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.ECDSASign == nil {
				return nil
			}
			return func(i int) bool { return l.ECDSASign(i, d.Msgs[i]) != nil }
		},
	},
	{
		Name: "ec_keygen",
		What: "32-byte private key → 33-byte compressed public key",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.Keygen == nil {
				return nil
			}
			return func(i int) bool { return l.Keygen(d.Seckeys[i]) != nil }
		},
	},
	{
		Name: "ecdh",
		What: "parse the peer's 33-byte public key, SHA-256 of the compressed shared point",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.ECDH == nil {
				return nil
			}
			n := d.Len()
			return func(i int) bool { return l.ECDH(i, d.Pubs[(i+1)%n]) != nil }
		},
	},
	{
		Name: "ecdsa_recover",
		What: "65-byte r ‖ s ‖ v and a 32-byte hash → public key, serialized (33 bytes; go-ethereum: 65)",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.ECDSARecover == nil {
				return nil
			}
			return func(i int) bool { return l.ECDSARecover(d.RSVs[i], d.Msgs[i]) != nil }
		},
	},
	{
		Name: "schnorrsig_sign",
		What: "BIP-340 signature of a 32-byte message with 32 bytes of aux randomness, key pair made beforehand (btcec: private key)",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.SchnorrSign == nil {
				return nil
			}
			return func(i int) bool { return l.SchnorrSign(i, d.Msgs[i], d.Aux[i]) != nil }
		},
	},
	{
		Name: "schnorrsig_verify",
		What: "parse a 32-byte x-only public key and a 64-byte signature, verify a 32-byte message",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.SchnorrVerify == nil {
				return nil
			}
			return func(i int) bool { return l.SchnorrVerify(d.XOnlys[i], d.Schnorrs[i], d.Msgs[i]) }
		},
	},
	{
		Name: "ellswift_encode",
		What: "public key made beforehand → 64-byte ElligatorSwift encoding (32 bytes of randomness; btcec draws its own)",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.EllEncode == nil {
				return nil
			}
			return func(i int) bool { return l.EllEncode(i, d.Aux[i]) != nil }
		},
	},
	{
		Name: "ellswift_decode",
		What: "64-byte encoding → public key (y with the parity of t), serialized compressed",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.EllDecode == nil {
				return nil
			}
			return func(i int) bool { return l.EllDecode(d.Ells[i]) != nil }
		},
	},
	{
		Name: "ellswift_keygen",
		What: "private key made beforehand → 64-byte encoding of its public key",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.EllCreate == nil {
				return nil
			}
			return func(i int) bool { return l.EllCreate(i, d.Aux[i]) != nil }
		},
	},
	{
		Name: "ellswift_ecdh",
		What: "BIP-324 shared secret from two 64-byte encodings and a private key made beforehand (the initiator's side)",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.EllXDH == nil {
				return nil
			}
			n := d.Len()
			return func(i int) bool { return l.EllXDH(i, d.Ells[i], d.Ells[(i+1)%n], true) != nil }
		},
	},
	{
		Name: "musig2_session",
		What: "a whole BIP-327 2-of-2 session from two private keys: key aggregation, nonces, partial signatures (each checked), aggregation",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.MuSig2 == nil {
				return nil
			}
			n := d.Len()
			return func(i int) bool {
				_, sig := l.MuSig2(i, (i+1)%n, d.Msgs[i])
				return sig != nil
			}
		},
	},
	{
		Name: "hd_derive_priv",
		What: "BIP-32 private child i of an account xprv m/84'/0'/0'/0 made beforehand, and the child's 33-byte compressed public key (hdkeychain: ECPubKey, which parses its serialized key)",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.HDDerivePriv == nil {
				return nil
			}
			return func(i int) bool { return l.HDDerivePriv(i, uint32(i)) != nil }
		},
	},
	{
		Name: "hd_derive_pub",
		What: "BIP-32 public child i of an account xpub made beforehand, and the child's 33-byte compressed public key (hdkeychain: ECPubKey, which parses its serialized key)",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			if l.HDDerivePub == nil {
				return nil
			}
			return func(i int) bool { return l.HDDerivePub(i, uint32(i)) != nil }
		},
	},
	{
		Name:   "ecdsa_verify_many",
		What:   "ecdsa.VerifyMany of the data set's 32 signatures, keys and signatures parsed beforehand, one goroutine; old/new runs only",
		Run:    batchOp(func(l *Lib) func() bool { return l.VerifyManyECDSA }),
		OldNew: true,
	},
	{
		Name:   "schnorrsig_verify_many",
		What:   "schnorr.VerifyMany of the data set's 32 signatures, keys parsed beforehand, one goroutine; old/new runs only",
		Run:    batchOp(func(l *Lib) func() bool { return l.VerifyManySchnorr }),
		OldNew: true,
	},
	{
		Name:   "silentpayments_scan_many",
		What:   "Receiver.ScanMany of 32 transactions, one input and two outputs each, none paying the receiver, summaries made beforehand, one goroutine; old/new runs only",
		Run:    batchOp(func(l *Lib) func() bool { return l.ScanMany }),
		OldNew: true,
	},
	{
		Name: "frost_session",
		What: "a whole BIP-445 2-of-3 session from a dealer's shares: nonces, aggregation, session context, partial signatures (each checked by its signer and by the coordinator), aggregation; old/new runs only",
		Run: func(l *Lib, d *Dataset) func(int) bool {
			return l.FROSTSession
		},
		OldNew: true,
	},
}

// batchOp is the Run of a row whose call covers the whole data set.
func batchOp(get func(l *Lib) func() bool) func(l *Lib, d *Dataset) func(int) bool {
	return func(l *Lib, d *Dataset) func(int) bool {
		f := get(l)
		if f == nil {
			return nil
		}
		return func(int) bool { return f() }
	}
}
