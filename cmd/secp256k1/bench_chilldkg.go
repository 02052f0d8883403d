package main

import (
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/frost/chilldkg"
)

// chilldkgRows are the frost_chilldkg_* rows of the main group: one
// participant's whole work in a ChillDKG session (ParticipantStep1,
// ParticipantStep2 and ParticipantFinalize, the same for every participant)
// for (t, n) = (2, 3) and (11, 15), and the coordinator's
// (CoordinatorStep1 and CoordinatorFinalize).
func chilldkgRows() []benchRow {
	var rows []benchRow
	for _, tn := range [][2]int{{2, 3}, {11, 15}} {
		s := newDKGSession(tn[0], tn[1])
		suffix := fmt.Sprintf("%d_of_%d", tn[0], tn[1])
		iters := 2000 / tn[1]
		rows = append(rows, benchRow{name: "frost_chilldkg_participant_" + suffix, iters: iters, run: func(n int) {
			for range n {
				st, _, err := chilldkg.ParticipantStep1(s.hosts[0], s.params, s.randoms[0])
				must(err)
				st2, _, err := chilldkg.ParticipantStep2(s.hosts[0], st, s.cmsg1, s.aux)
				must(err)
				_, _, err = chilldkg.ParticipantFinalize(st2, s.cmsg2)
				must(err)
			}
		}}, benchRow{name: "frost_chilldkg_coordinator_" + suffix, iters: iters, run: func(n int) {
			for range n {
				st, _, err := chilldkg.CoordinatorStep1(s.pmsgs1, s.params)
				must(err)
				_, _, _, err = chilldkg.CoordinatorFinalize(st, s.pmsgs2)
				must(err)
			}
		}})
	}
	return rows
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// dkgSession is an honest session's inputs and messages, deterministic.
type dkgSession struct {
	hosts          []*chilldkg.HostSecretKey
	params         *chilldkg.SessionParams
	randoms        [][]byte
	aux            []byte
	pmsgs1, pmsgs2 [][]byte
	cmsg1, cmsg2   []byte
}

func newDKGSession(t, n int) *dkgSession {
	s := &dkgSession{params: &chilldkg.SessionParams{T: t}, aux: make([]byte, 32)}
	for i := range n {
		k := sha256.Sum256(fmt.Appendf(nil, "bench chilldkg host %d", i))
		h, err := chilldkg.NewHostSecretKey(k[:])
		must(err)
		pk, err := h.PublicKey()
		must(err)
		r := sha256.Sum256(fmt.Appendf(nil, "bench chilldkg random %d", i))
		s.hosts, s.randoms = append(s.hosts, h), append(s.randoms, r[:])
		s.params.HostPubkeys = append(s.params.HostPubkeys, pk)
	}
	sts := make([]*chilldkg.ParticipantState1, n)
	for i, h := range s.hosts {
		st, m, err := chilldkg.ParticipantStep1(h, s.params, s.randoms[i])
		must(err)
		sts[i], s.pmsgs1 = st, append(s.pmsgs1, m)
	}
	cst, cmsg1, err := chilldkg.CoordinatorStep1(s.pmsgs1, s.params)
	must(err)
	s.cmsg1 = cmsg1
	for i, h := range s.hosts {
		_, m, err := chilldkg.ParticipantStep2(h, sts[i], cmsg1, s.aux)
		must(err)
		s.pmsgs2 = append(s.pmsgs2, m)
	}
	s.cmsg2, _, _, err = chilldkg.CoordinatorFinalize(cst, s.pmsgs2)
	must(err)
	return s
}
