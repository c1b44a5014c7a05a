package trace

import "testing"

func TestHistBucketBounds(t *testing.T) {
	prev := -1
	for _, v := range []uint64{0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 1000, 1 << 20, 1<<63 - 1, 1 << 63, ^uint64(0)} {
		i := HistBucket(v)
		if i < 0 || i >= HistBuckets {
			t.Fatalf("HistBucket(%d) = %d, out of range", v, i)
		}
		lo, hi := HistBucketBounds(i)
		if v < lo || v > hi {
			t.Errorf("HistBucket(%d) = %d with bounds [%d, %d]", v, i, lo, hi)
		}
		if i < prev {
			t.Errorf("HistBucket not monotonic at %d", v)
		}
		prev = i
	}
	// Every bucket's bounds map back to the bucket, and buckets tile the line.
	var next uint64
	for i := 0; i < HistBuckets; i++ {
		lo, hi := HistBucketBounds(i)
		if lo != next {
			t.Fatalf("bucket %d starts at %d, want %d", i, lo, next)
		}
		if HistBucket(lo) != i || HistBucket(hi) != i {
			t.Fatalf("bucket %d: bounds [%d, %d] map to %d and %d", i, lo, hi, HistBucket(lo), HistBucket(hi))
		}
		next = hi + 1
	}
	if next != 0 {
		t.Fatalf("buckets end at %d, want wrap to 0 after 2^64-1", next)
	}
}

func TestSyscallStatsMerge(t *testing.T) {
	var a, b SyscallStats
	a.Add(10, false)
	a.Add(30, true)
	b.Add(5, false)
	a.Merge(&b)
	if a.Calls != 3 || a.Errors != 1 || a.TotalNS != 45 || a.MinNS != 5 || a.MaxNS != 30 {
		t.Fatalf("merged = %+v", a)
	}
}
