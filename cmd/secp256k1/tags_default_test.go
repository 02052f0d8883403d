//go:build !purego

package main

// buildTags are the build tags of this test binary that change what the
// command does, for TestMain's build of the command (tags_purego_test.go).
const buildTags = ""
