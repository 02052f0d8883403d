package chilldkg

import (
	"fmt"
	randv2 "math/rand/v2"
	"testing"
)

// Benchmarks of ChillDKG per party for (t, n) = (2, 3) and (11, 15):
// "participant" is one participant's whole work in a session
// (ParticipantStep1, ParticipantStep2 and ParticipantFinalize), the same for
// every participant; "coordinator" is CoordinatorStep1 and
// CoordinatorFinalize. The cmd/secp256k1 bench rows frost_chilldkg_* time
// the same. Smoke-run with -benchtime 1x.
func BenchmarkChillDKG(b *testing.B) {
	for _, tn := range [][2]int{{2, 3}, {11, 15}} {
		s := runDKG(b, randv2.New(randv2.NewPCG(3, 4)), tn[0], tn[1])
		aux := make([]byte, 32)
		b.Run(fmt.Sprintf("participant/t=%d,n=%d", tn[0], tn[1]), func(b *testing.B) {
			for b.Loop() {
				st, _, err := ParticipantStep1(s.hosts[0], s.params, s.randoms[0])
				if err != nil {
					b.Fatal(err)
				}
				st2, _, err := ParticipantStep2(s.hosts[0], st, s.cmsg1, aux)
				if err != nil {
					b.Fatal(err)
				}
				if _, _, err := ParticipantFinalize(st2, s.cmsg2); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("coordinator/t=%d,n=%d", tn[0], tn[1]), func(b *testing.B) {
			for b.Loop() {
				st, _, err := CoordinatorStep1(s.pmsgs1, s.params)
				if err != nil {
					b.Fatal(err)
				}
				if _, _, _, err := CoordinatorFinalize(st, s.pmsgs2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
