package pathtrace

import "github.com/sctrace/sctrace/syscalls"

// special names the calls whose descriptors are not plain arguments.
type special uint8

const (
	specialNone special = iota
	specialPoll
	specialSelect
	specialFsconfig
)

// rule says which arguments of a call -P looks at: descriptors, paths,
// and a special case.
type rule struct {
	fds, paths []int
	special    special
}

// rules are strace 6.1's exceptions to its default (the first argument:
// a path for file calls, a descriptor for the others), by call name.
var rules = map[string]rule{}

func init() {
	add := func(r rule, names ...string) {
		for _, n := range names {
			rules[n] = r
		}
	}
	add(rule{fds: []int{0, 1}}, "dup2", "dup3", "kexec_file_load", "sendfile", "sendfile64", "tee")
	add(rule{fds: []int{0}, paths: []int{1}}, "execveat", "faccessat", "faccessat2", "fchmodat",
		"fchownat", "fspick", "fstatat64", "futimesat", "inotify_add_watch", "mkdirat", "mknodat",
		"mount_setattr", "name_to_handle_at", "newfstatat", "open_tree", "openat", "openat2",
		"readlinkat", "statx", "unlinkat", "utimensat", "utimensat_time64")
	add(rule{paths: []int{0, 1}}, "link", "mount", "pivot_root")
	add(rule{paths: []int{1}}, "quotactl", "symlink")
	add(rule{fds: []int{0, 2}, paths: []int{1, 3}}, "linkat", "move_mount", "renameat2", "renameat")
	add(rule{fds: []int{4}}, "mmap", "mmap2")
	add(rule{fds: []int{1}, paths: []int{2}}, "symlinkat")
	add(rule{fds: []int{0, 2}}, "copy_file_range", "splice")
	add(rule{fds: []int{2}}, "epoll_ctl")
	// The 64-bit mask is one argument on 64-bit architectures.
	add(rule{fds: []int{3}, paths: []int{4}}, "fanotify_mark")
	add(rule{special: specialSelect}, "select", "_newselect", "pselect6", "pselect6_time64")
	add(rule{special: specialPoll}, "poll", "ppoll", "ppoll_time64")
	add(rule{special: specialFsconfig}, "fsconfig")
	// Calls with descriptors or paths in their class but none among their
	// arguments to test.
	add(rule{}, "accept4", "accept", "bpf", "epoll_create", "epoll_create1", "eventfd2", "eventfd",
		"fanotify_init", "fsmount", "fsopen", "inotify_init", "inotify_init1", "io_uring_enter",
		"io_uring_register", "io_uring_setup", "landlock_add_rule", "landlock_create_ruleset",
		"landlock_restrict_self", "memfd_create", "memfd_secret", "mq_getsetattr", "mq_notify",
		"mq_open", "mq_timedreceive", "mq_timedreceive_time64", "mq_timedsend",
		"mq_timedsend_time64", "perf_event_open", "pidfd_open", "pipe", "pipe2", "signalfd4",
		"signalfd", "socket", "socketpair", "timerfd_create", "timerfd_gettime",
		"timerfd_gettime64", "timerfd_settime", "timerfd_settime64", "userfaultfd")
}

var (
	firstPath = rule{paths: []int{0}}
	firstFD   = rule{fds: []int{0}}
)

// ruleOf returns the rule of sc, a file, descriptor or network call.
func ruleOf(sc *syscalls.Syscall) rule {
	if r, ok := rules[sc.Name]; ok {
		return r
	}
	if sc.Classes&syscalls.ClassFile != 0 {
		return firstPath
	}
	return firstFD
}
