package libsecp

// The binding of libsecp256k1's silentpayments module (BIP-352), which
// bitcoin-core/secp256k1 has from 0.8 on; stubs without it, as musig.go.

/*
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#if defined(__has_include)
#if __has_include(<secp256k1_silentpayments.h>)
#include <secp256k1_silentpayments.h>
#define LS_SILENTPAYMENTS 1
#endif
#endif

static int have_silentpayments(void) {
#ifdef LS_SILENTPAYMENTS
	return 1;
#else
	return 0;
#endif
}

#ifdef LS_SILENTPAYMENTS
_Static_assert(sizeof(secp256k1_silentpayments_prevouts_summary) == 101, "prevouts summary size");

// label_cache is the label_context of ls_sp_scan: n entries of a 33-byte
// label followed by its 32-byte tweak.
struct label_cache {
	const unsigned char *entries;
	size_t n;
};

static const unsigned char *label_lookup(const unsigned char *label33, const void *data) {
	const struct label_cache *c = data;
	size_t i;
	for (i = 0; i < c->n; i++) {
		if (memcmp(c->entries + 65 * i, label33, 33) == 0) return c->entries + 65 * i + 33;
	}
	return NULL;
}
#endif

// ls_sp_create_outputs is secp256k1_silentpayments_sender_create_outputs for
// n recipients (33-byte scan and spend keys, recipient i with index i), the
// smallest outpoint, ntr taproot input keys (as key pairs) and nk other input
// keys. out32s receives the n x-only outputs in the recipients' order.
static int ls_sp_create_outputs(const secp256k1_context *ctx, unsigned char *out32s,
                                const unsigned char *scans33, const unsigned char *spends33, size_t n,
                                const unsigned char *outpoint36,
                                const unsigned char *tr_keys32, size_t ntr,
                                const unsigned char *keys32, size_t nk) {
#ifdef LS_SILENTPAYMENTS
	secp256k1_silentpayments_recipient *rs = calloc(n, sizeof *rs);
	const secp256k1_silentpayments_recipient **rps = calloc(n, sizeof *rps);
	secp256k1_xonly_pubkey *outs = calloc(n, sizeof *outs);
	secp256k1_xonly_pubkey **ops = calloc(n, sizeof *ops);
	secp256k1_keypair *kps = calloc(ntr + 1, sizeof *kps);
	const secp256k1_keypair **kpps = calloc(ntr + 1, sizeof *kpps);
	const unsigned char **kptrs = calloc(nk + 1, sizeof *kptrs);
	size_t i;
	int ret = 0;
	if (!rs || !rps || !outs || !ops || !kps || !kpps || !kptrs) goto out;
	for (i = 0; i < n; i++) {
		if (!secp256k1_ec_pubkey_parse(ctx, &rs[i].scan_pubkey, scans33 + 33 * i, 33)) goto out;
		if (!secp256k1_ec_pubkey_parse(ctx, &rs[i].spend_pubkey, spends33 + 33 * i, 33)) goto out;
		rs[i].index = i;
		rps[i] = &rs[i];
		ops[i] = &outs[i];
	}
	for (i = 0; i < ntr; i++) {
		if (!secp256k1_keypair_create(ctx, &kps[i], tr_keys32 + 32 * i)) goto out;
		kpps[i] = &kps[i];
	}
	for (i = 0; i < nk; i++) kptrs[i] = keys32 + 32 * i;
	if (!secp256k1_silentpayments_sender_create_outputs(ctx, ops, rps, n, outpoint36,
	                                                    ntr > 0 ? kpps : NULL, ntr, nk > 0 ? kptrs : NULL, nk)) goto out;
	for (i = 0; i < n; i++) secp256k1_xonly_pubkey_serialize(ctx, out32s + 32 * i, &outs[i]);
	ret = 1;
out:
	free(rs);
	free(rps);
	free(outs);
	free(ops);
	free(kps);
	free(kpps);
	free(kptrs);
	return ret;
#else
	return 0;
#endif
}

// ls_sp_label is secp256k1_silentpayments_recipient_label_create, the
// label serialized.
static int ls_sp_label(const secp256k1_context *ctx, unsigned char *label33, unsigned char *tweak32,
                       const unsigned char *scan32, uint32_t m) {
#ifdef LS_SILENTPAYMENTS
	secp256k1_silentpayments_label label;
	if (!secp256k1_silentpayments_recipient_label_create(ctx, &label, tweak32, scan32, m)) return 0;
	return secp256k1_silentpayments_recipient_label_serialize(ctx, label33, &label);
#else
	return 0;
#endif
}

// ls_sp_labeled_spend is secp256k1_silentpayments_recipient_create_labeled_spend_pubkey.
static int ls_sp_labeled_spend(const secp256k1_context *ctx, unsigned char *out33,
                               const unsigned char *spend33, const unsigned char *label33) {
#ifdef LS_SILENTPAYMENTS
	secp256k1_silentpayments_label label;
	secp256k1_pubkey spend, labeled;
	size_t len = 33;
	if (!secp256k1_silentpayments_recipient_label_parse(ctx, &label, label33)) return 0;
	if (!secp256k1_ec_pubkey_parse(ctx, &spend, spend33, 33)) return 0;
	if (!secp256k1_silentpayments_recipient_create_labeled_spend_pubkey(ctx, &labeled, &spend, &label)) return 0;
	return secp256k1_ec_pubkey_serialize(ctx, out33, &len, &labeled, SECP256K1_EC_COMPRESSED);
#else
	return 0;
#endif
}

// ls_sp_summary is secp256k1_silentpayments_recipient_prevouts_summary_create
// for nx x-only (taproot) input keys and np 33-byte other input keys.
static int ls_sp_summary(const secp256k1_context *ctx, unsigned char *summary101, const unsigned char *outpoint36,
                         const unsigned char *xonly32s, size_t nx, const unsigned char *pubs33, size_t np) {
#ifdef LS_SILENTPAYMENTS
	secp256k1_xonly_pubkey *xs = calloc(nx + 1, sizeof *xs);
	const secp256k1_xonly_pubkey **xps = calloc(nx + 1, sizeof *xps);
	secp256k1_pubkey *ps = calloc(np + 1, sizeof *ps);
	const secp256k1_pubkey **pps = calloc(np + 1, sizeof *pps);
	secp256k1_silentpayments_prevouts_summary s;
	size_t i;
	int ret = 0;
	if (!xs || !xps || !ps || !pps) goto out;
	for (i = 0; i < nx; i++) {
		if (!secp256k1_xonly_pubkey_parse(ctx, &xs[i], xonly32s + 32 * i)) goto out;
		xps[i] = &xs[i];
	}
	for (i = 0; i < np; i++) {
		if (!secp256k1_ec_pubkey_parse(ctx, &ps[i], pubs33 + 33 * i, 33)) goto out;
		pps[i] = &ps[i];
	}
	if (!secp256k1_silentpayments_recipient_prevouts_summary_create(ctx, &s, outpoint36,
	                                                               nx > 0 ? xps : NULL, nx, np > 0 ? pps : NULL, np)) goto out;
	memcpy(summary101, &s, sizeof s);
	ret = 1;
out:
	free(xs);
	free(xps);
	free(ps);
	free(pps);
	return ret;
#else
	return 0;
#endif
}

// ls_sp_scan is secp256k1_silentpayments_recipient_scan_outputs over the
// nout x-only outputs, with the nlabels entries of labels (a 33-byte label,
// then its 32-byte tweak) as the label cache. Each found output fills 98
// bytes of found: the output (32), the tweak (32), found_with_label (1) and
// the label (33, zero if none).
static int ls_sp_scan(const secp256k1_context *ctx, unsigned char *found, uint32_t *nfound,
                      const unsigned char *outputs32, size_t nout, const unsigned char *scan32,
                      const unsigned char *summary101, const unsigned char *spend33,
                      const unsigned char *labels, size_t nlabels) {
#ifdef LS_SILENTPAYMENTS
	secp256k1_xonly_pubkey *xs = calloc(nout, sizeof *xs);
	const secp256k1_xonly_pubkey **xps = calloc(nout, sizeof *xps);
	secp256k1_silentpayments_found_output *fs = calloc(nout, sizeof *fs);
	secp256k1_silentpayments_found_output **fps = calloc(nout, sizeof *fps);
	secp256k1_silentpayments_prevouts_summary s;
	secp256k1_pubkey spend;
	struct label_cache cache = {labels, nlabels};
	size_t i;
	int ret = 0;
	if (!xs || !xps || !fs || !fps) goto out;
	for (i = 0; i < nout; i++) {
		if (!secp256k1_xonly_pubkey_parse(ctx, &xs[i], outputs32 + 32 * i)) goto out;
		xps[i] = &xs[i];
		fps[i] = &fs[i];
	}
	if (!secp256k1_ec_pubkey_parse(ctx, &spend, spend33, 33)) goto out;
	memcpy(&s, summary101, sizeof s);
	if (!secp256k1_silentpayments_recipient_scan_outputs(ctx, fps, nfound, xps, nout, scan32, &s, &spend,
	                                                     nlabels > 0 ? label_lookup : NULL,
	                                                     nlabels > 0 ? &cache : NULL)) goto out;
	for (i = 0; i < *nfound; i++) {
		unsigned char *f = found + 98 * i;
		secp256k1_xonly_pubkey_serialize(ctx, f, &fs[i].output);
		memcpy(f + 32, fs[i].tweak, 32);
		f[64] = (unsigned char)fs[i].found_with_label;
		memset(f + 65, 0, 33);
		if (fs[i].found_with_label && !secp256k1_silentpayments_recipient_label_serialize(ctx, f + 65, &fs[i].label)) goto out;
	}
	ret = 1;
out:
	free(xs);
	free(xps);
	free(fs);
	free(fps);
	return ret;
#else
	return 0;
#endif
}
*/
import "C"

// HaveSilentPayments reports whether the linked libsecp256k1 has the
// silentpayments module.
func HaveSilentPayments() bool { return C.have_silentpayments() == 1 }

// SPRecipient is a silent payment address as libsecp256k1's sender takes
// it: the 33-byte scan key and the (possibly labeled) 33-byte spend key.
type SPRecipient struct {
	Scan, Spend []byte
}

// SPCreateOutputs returns the x-only outputs (32 bytes each, in the order of
// recipients) of secp256k1_silentpayments_sender_create_outputs, given the
// smallest outpoint of the transaction (36 bytes) and the 32-byte secret
// keys of its eligible inputs: taproot (passed as key pairs, negated there
// for an odd y) and others.
func SPCreateOutputs(recipients []SPRecipient, smallestOutpoint36 []byte, taprootKeys, keys [][]byte) ([][]byte, bool) {
	if len(recipients) == 0 || len(smallestOutpoint36) != 36 || len(taprootKeys)+len(keys) == 0 {
		return nil, false
	}
	var scans, spends []byte
	for _, r := range recipients {
		if len(r.Scan) != 33 || len(r.Spend) != 33 {
			return nil, false
		}
		scans, spends = append(scans, r.Scan...), append(spends, r.Spend...)
	}
	tr, ok1 := concat(taprootKeys, 32)
	ks, ok2 := concat(keys, 32)
	if !ok1 || !ok2 {
		return nil, false
	}
	out := make([]byte, 32*len(recipients))
	if !ok(C.ls_sp_create_outputs(ctx, u8(out), u8(scans), u8(spends), C.size_t(len(recipients)), u8(smallestOutpoint36),
		u8(tr), C.size_t(len(taprootKeys)), u8(ks), C.size_t(len(keys)))) {
		return nil, false
	}
	return split(out, 32), true
}

// SPLabel returns the 33-byte label and the label tweak of label m for the
// scan key scan32 (secp256k1_silentpayments_recipient_label_create).
func SPLabel(scan32 []byte, m uint32) (label33, tweak32 []byte, isOK bool) {
	if len(scan32) != 32 {
		return nil, nil, false
	}
	label33, tweak32 = make([]byte, 33), make([]byte, 32)
	if !ok(C.ls_sp_label(ctx, u8(label33), u8(tweak32), u8(scan32), C.uint32_t(m))) {
		return nil, nil, false
	}
	return label33, tweak32, true
}

// SPLabeledSpend returns spend33 + label33, compressed
// (secp256k1_silentpayments_recipient_create_labeled_spend_pubkey).
func SPLabeledSpend(spend33, label33 []byte) ([]byte, bool) {
	if len(spend33) != 33 || len(label33) != 33 {
		return nil, false
	}
	out := make([]byte, 33)
	return out, ok(C.ls_sp_labeled_spend(ctx, u8(out), u8(spend33), u8(label33)))
}

// SPPrevouts is libsecp256k1's prevouts summary of a transaction, its opaque
// 101-byte secp256k1_silentpayments_prevouts_summary (SPSummary makes one).
type SPPrevouts struct {
	data [101]byte
}

// SPSummary returns the prevouts summary of a transaction with the smallest
// outpoint smallestOutpoint36 and the public keys of its eligible inputs:
// x-only (32 bytes, taproot) and compressed (33 bytes)
// (secp256k1_silentpayments_recipient_prevouts_summary_create). It fails
// where the keys sum to the point at infinity.
func SPSummary(smallestOutpoint36 []byte, xonlyKeys, pubkeys [][]byte) (*SPPrevouts, bool) {
	if len(smallestOutpoint36) != 36 || len(xonlyKeys)+len(pubkeys) == 0 {
		return nil, false
	}
	xs, ok1 := concat(xonlyKeys, 32)
	ps, ok2 := concat(pubkeys, 33)
	if !ok1 || !ok2 {
		return nil, false
	}
	s := new(SPPrevouts)
	if !ok(C.ls_sp_summary(ctx, u8(s.data[:]), u8(smallestOutpoint36), u8(xs), C.size_t(len(xonlyKeys)), u8(ps), C.size_t(len(pubkeys)))) {
		return nil, false
	}
	return s, true
}

// SPFound is an output that secp256k1_silentpayments_recipient_scan_outputs
// found: its x-only key, the tweak that spends it (t_k, plus the label
// tweak if labeled) and the 33-byte label it was found with (nil if none).
type SPFound struct {
	Output, Tweak, Label []byte
}

// SPScan scans the x-only outputs (32 bytes each, valid x coordinates) with
// the scan key scan32, the transaction's summary and the unlabeled spend key
// spend33, looking labels up in labels (33-byte label → 32-byte tweak).
func SPScan(outputs [][]byte, scan32 []byte, summary *SPPrevouts, spend33 []byte, labels map[[33]byte][]byte) ([]SPFound, bool) {
	if len(outputs) == 0 || len(scan32) != 32 || summary == nil || len(spend33) != 33 {
		return nil, false
	}
	outs, isOK := concat(outputs, 32)
	if !isOK {
		return nil, false
	}
	var cache []byte
	for l, t := range labels {
		if len(t) != 32 {
			return nil, false
		}
		cache = append(append(cache, l[:]...), t...)
	}
	found := make([]byte, 98*len(outputs))
	var n C.uint32_t
	if !ok(C.ls_sp_scan(ctx, u8(found), &n, u8(outs), C.size_t(len(outputs)), u8(scan32), u8(summary.data[:]), u8(spend33),
		u8(cache), C.size_t(len(labels)))) {
		return nil, false
	}
	res := make([]SPFound, n)
	for i := range res {
		f := found[98*i:]
		res[i] = SPFound{Output: f[:32], Tweak: f[32:64]}
		if f[64] != 0 {
			res[i].Label = f[65:98]
		}
	}
	return res, true
}

// concat joins parts, each of which must be size bytes.
func concat(parts [][]byte, size int) ([]byte, bool) {
	var out []byte
	for _, p := range parts {
		if len(p) != size {
			return nil, false
		}
		out = append(out, p...)
	}
	return out, true
}

// split cuts b into size-byte parts.
func split(b []byte, size int) [][]byte {
	var out [][]byte
	for len(b) >= size {
		out = append(out, b[:size:size])
		b = b[size:]
	}
	return out
}
