// Package compare benchmarks Kestrel side by side with other secp256k1
// libraries. It is a separate module so that the library itself never
// depends on them. Each benchmark has one sub-benchmark per library, named
// lib=<name>, so that
//
//	go test -run '^$' -bench . -count 10 | tee out.txt
//	benchstat -col /lib out.txt
//
// prints each library's time as a ratio to Kestrel's, from one run.
package compare
