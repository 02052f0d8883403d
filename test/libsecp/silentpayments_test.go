package libsecp

import (
	"bytes"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/silentpayments"
)

// spInput is an eligible input of a random transaction: its secret key and
// whether it spends a taproot output.
type spInput struct {
	sk      []byte
	taproot bool
}

// spReceiver is a receiver of a random transaction, in both libraries'
// terms: its keys, Kestrel's Receiver (with the change label and the
// labels) and libsecp256k1's label cache (every label of the Receiver).
type spReceiver struct {
	scan, spend []byte // secret keys
	spendPub    []byte // compressed
	r           *silentpayments.Receiver
	labels      []uint32
	cache       map[[33]byte][]byte
	paid        [][]byte // the outputs that pay it
}

// TestSilentPaymentsDiff compares Kestrel's silentpayments package with
// libsecp256k1's silentpayments module on random transactions: 1 to 4
// eligible inputs (taproot or not) and up to 2 more outpoints, some sharing
// a txid (so that outpoint_L depends on the vout's little-endian order);
// 1 to 3 receivers with the change label and up to 2 other labels, paid 0
// to 3 times each through unlabeled and labeled addresses listed in random
// order. It checks labels, labeled spend keys and the sender's outputs byte
// for byte, and that each receiver's scan of the outputs (with random
// outputs mixed in) finds in both libraries the same outputs with the same
// tweaks and labels: exactly those that pay it. In some transactions the
// input keys sum to zero, which both must refuse.
func TestSilentPaymentsDiff(t *testing.T) {
	needModule(t, "silentpayments", HaveSilentPayments())
	runCases(t, func(c *checker) {
		rng := c.rng

		// Inputs, and sometimes one that cancels the others' sum.
		inputs := make([]spInput, 1+rng.IntN(4))
		sum := new(secp256k1.Scalar)
		for i := range inputs {
			inputs[i] = spInput{genKey(rng), rng.IntN(2) == 0}
			d, _ := new(secp256k1.Scalar).SetCanonicalBytes(inputs[i].sk)
			if k, _ := secp256k1.NewPrivateKey(inputs[i].sk); inputs[i].taproot && k.PublicKey().BytesCompressed()[0] == 3 {
				d.Negate(d)
			}
			sum.Add(sum, d)
		}
		// zeroSum: the keys sum to zero, by an input added to cancel the
		// others, or by chance of the edge keys ((n−1)/2 + (n+1)/2, say).
		zeroSum := sum.IsZero() == 1
		if !zeroSum && rng.IntN(16) == 0 {
			inputs = append(inputs, spInput{sk: new(secp256k1.Scalar).Negate(sum).Bytes()})
			zeroSum = true
		}

		// Outpoints: one per input and up to two of ineligible inputs.
		outpoints := make([]silentpayments.Outpoint, len(inputs)+rng.IntN(3))
		for i := range outpoints {
			if i > 0 && rng.IntN(4) == 0 {
				outpoints[i].TxID = outpoints[rng.IntN(i)].TxID
			} else {
				copy(outpoints[i].TxID[:], testref.RandomBytes(rng, 32))
			}
			outpoints[i].Vout = []uint32{0, 1, 255, 256, 65536, rng.Uint32()}[rng.IntN(6)]
		}
		smallest := outpoints[0].Bytes()
		for _, o := range outpoints[1:] {
			if b := o.Bytes(); bytes.Compare(b[:], smallest[:]) < 0 {
				smallest = b
			}
		}

		// Receivers, their labels, and the addresses paid.
		receivers := make([]*spReceiver, 1+rng.IntN(3))
		var libRecipients []SPRecipient
		var addrs []*silentpayments.Address
		var owner []int // the receiver of each output
		for ri := range receivers {
			rc := newSPReceiver(c, ri, receivers[:ri])
			if rc == nil {
				return
			}
			receivers[ri] = rc
			for range rng.IntN(4) {
				spend := rc.spendPub
				if m := rc.labels[rng.IntN(len(rc.labels))]; rng.IntN(2) == 0 {
					ksc, _ := secp256k1.NewPrivateKey(rc.scan)
					spendPub, _ := secp256k1.ParsePublicKey(rc.spendPub)
					bm, err := silentpayments.LabeledSpendKey(ksc, spendPub, m)
					if err != nil {
						c.fail("labeled-spend", "receiver %d label %d: %v", ri, m, err)
						return
					}
					spend = bm.BytesCompressed()
				}
				scanPub, _, _ := PubkeyCreate(rc.scan)
				libRecipients = append(libRecipients, SPRecipient{Scan: scanPub, Spend: spend})
				owner = append(owner, ri)
			}
		}
		if len(libRecipients) == 0 {
			return
		}
		perm := rng.Perm(len(libRecipients))
		libRecipients, owner = permute(libRecipients, perm), permute(owner, perm)
		for _, r := range libRecipients {
			scan, _ := secp256k1.ParsePublicKey(r.Scan)
			spend, _ := secp256k1.ParsePublicKey(r.Spend)
			addrs = append(addrs, &silentpayments.Address{Scan: scan, Spend: spend})
		}

		// The sender.
		var trKeys, keys [][]byte
		var kinputs []silentpayments.InputKey
		for _, in := range inputs {
			k, _ := secp256k1.NewPrivateKey(in.sk)
			kinputs = append(kinputs, silentpayments.InputKey{PrivateKey: k, Taproot: in.taproot})
			if in.taproot {
				trKeys = append(trKeys, in.sk)
			} else {
				keys = append(keys, in.sk)
			}
		}
		lout, lok := SPCreateOutputs(libRecipients, smallest[:], trKeys, keys)
		kout, err := silentpayments.CreateOutputs(addrs, outpoints, kinputs)
		c.check("create-outputs")
		if lok != (err == nil) || lok == zeroSum || lok && !slices.EqualFunc(lout, kout, func(l []byte, k [32]byte) bool { return bytes.Equal(l, k[:]) }) {
			c.fail("create-outputs", "inputs %v outpoints %v recipients %x: libsecp %x (%v), kestrel %x (%v)", inputs, outpoints, libRecipients, lout, lok, kout, err)
			return
		}

		// The receivers: the prevouts summary (which both refuse for keys
		// that sum to infinity), then each receiver's scan of the outputs
		// with up to two random ones mixed in.
		var xonlys, pubs [][]byte
		var kpubs []*secp256k1.PublicKey
		for _, in := range inputs {
			k, _ := secp256k1.NewPrivateKey(in.sk)
			p := k.PublicKey().BytesCompressed()
			if in.taproot {
				xonlys = append(xonlys, p[1:])
				p = append([]byte{2}, p[1:]...) // lift_x: even y
			} else {
				pubs = append(pubs, p)
			}
			pk, _ := secp256k1.ParsePublicKey(p)
			kpubs = append(kpubs, pk)
		}
		lsum, lok := SPSummary(smallest[:], xonlys, pubs)
		ksum, err := silentpayments.NewPrevoutsSummary(outpoints, kpubs)
		c.check("prevouts-summary")
		if lok != (err == nil) || lok == zeroSum {
			c.fail("prevouts-summary", "inputs %v: libsecp ok %v, kestrel %v", inputs, lok, err)
		}
		if !lok || err != nil {
			return
		}
		txOuts := slices.Clone(lout)
		for range rng.IntN(3) {
			k, _ := secp256k1.NewPrivateKey(genKey(rng))
			txOuts = append(txOuts, k.PublicKey().BytesCompressed()[1:])
		}
		for i, o := range lout {
			receivers[owner[i]].paid = append(receivers[owner[i]].paid, o)
		}
		rng.Shuffle(len(txOuts), func(i, j int) { txOuts[i], txOuts[j] = txOuts[j], txOuts[i] })
		kTxOuts := make([][32]byte, len(txOuts))
		for i, o := range txOuts {
			copy(kTxOuts[i][:], o)
		}
		for ri, rc := range receivers {
			lfound, lok := SPScan(txOuts, rc.scan, lsum, rc.spendPub, rc.cache)
			kfound, err := rc.r.Scan(ksum, kTxOuts)
			c.check("scan")
			if !lok || err != nil || !sameFound(c, rc, lfound, kfound) {
				c.fail("scan", "receiver %d outputs %x: libsecp %x (%v), kestrel %+v (%v)", ri, txOuts, lfound, lok, kfound, err)
				continue
			}
			var got [][]byte
			for _, f := range lfound {
				got = append(got, f.Output)
			}
			c.check("scan-finds-payments")
			if !sameSet(got, rc.paid) {
				c.fail("scan-finds-payments", "receiver %d: found %x, paid %x", ri, got, rc.paid)
			}
		}
	})
}

// newSPReceiver returns a receiver with random keys (its scan key not that
// of any of others: receivers that share a scan key share the k counter, so
// that one need not find its outputs), the change label and up to two other
// labels, after checking both libraries' labels and labeled spend keys for
// it; nil after a mismatch.
func newSPReceiver(c *checker, ri int, others []*spReceiver) *spReceiver {
	rng := c.rng
	rc := &spReceiver{spend: genKey(rng), cache: map[[33]byte][]byte{}, labels: []uint32{silentpayments.ChangeLabel}}
	for rc.scan == nil || slices.ContainsFunc(others, func(o *spReceiver) bool { return bytes.Equal(o.scan, rc.scan) }) {
		rc.scan = genKey(rng)
	}
	rc.spendPub, _, _ = PubkeyCreate(rc.spend)
	scan, _ := secp256k1.NewPrivateKey(rc.scan)
	spend, _ := secp256k1.ParsePublicKey(rc.spendPub)
	var err error
	if rc.r, err = silentpayments.NewReceiver(scan, spend); err != nil {
		c.fail("receiver", "receiver %d: %v", ri, err)
		return nil
	}
	for range rng.IntN(3) {
		rc.labels = append(rc.labels, []uint32{1, 2, 1 << 31, rng.Uint32()}[rng.IntN(4)])
	}
	for _, m := range rc.labels {
		label, tweak, lok := SPLabel(rc.scan, m)
		kl, err1 := silentpayments.LabelPublicKey(scan, m)
		kt, err2 := silentpayments.LabelTweak(scan, m)
		c.check("label")
		if !lok || err1 != nil || err2 != nil || !bytes.Equal(label, kl[:]) || !bytes.Equal(tweak, kt[:]) {
			c.fail("label", "scan %x m %d: libsecp %x %x (%v), kestrel %x %x (%v, %v)", rc.scan, m, label, tweak, lok, kl, kt, err1, err2)
			return nil
		}
		lb, lok := SPLabeledSpend(rc.spendPub, label)
		kb, err := rc.r.AddLabel(m)
		c.check("labeled-spend")
		if !lok || err != nil || !bytes.Equal(lb, kb.BytesCompressed()) {
			c.fail("labeled-spend", "scan %x spend %x m %d: libsecp %x (%v), kestrel %v (%v)", rc.scan, rc.spendPub, m, lb, lok, kb, err)
			return nil
		}
		rc.cache[[33]byte(label)] = tweak
	}
	return rc
}

// sameFound reports whether libsecp256k1's and Kestrel's found outputs are
// the same list: output keys, tweaks, and labels (as label points).
func sameFound(c *checker, rc *spReceiver, lfound []SPFound, kfound []silentpayments.FoundOutput) bool {
	if len(lfound) != len(kfound) {
		return false
	}
	scan, _ := secp256k1.NewPrivateKey(rc.scan)
	for i, l := range lfound {
		k := kfound[i]
		if !bytes.Equal(l.Output, k.PublicKey[:]) || !bytes.Equal(l.Tweak, k.Tweak[:]) || (l.Label != nil) != k.Labeled || k.K != uint32(i) {
			return false
		}
		if k.Labeled {
			kl, err := silentpayments.LabelPublicKey(scan, k.Label)
			if err != nil || !bytes.Equal(l.Label, kl[:]) {
				return false
			}
		}
	}
	return true
}

// sameSet reports whether a and b hold the same byte strings, in any order.
func sameSet(a, b [][]byte) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, bytes.Compare)
	slices.SortFunc(b, bytes.Compare)
	return slices.EqualFunc(a, b, bytes.Equal)
}

// permute returns s reordered: out[i] = s[perm[i]].
func permute[T any](s []T, perm []int) []T {
	out := make([]T, len(s))
	for i, j := range perm {
		out[i] = s[j]
	}
	return out
}
