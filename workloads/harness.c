// SPDX-License-Identifier: GPL-2.0
/*
 * The fsnbot workload harness: main() and what every workload shares.
 * See harness.h for the shape of a workload.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <linux/perf_event.h>
#include <linux/magic.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *const mode_names[HR_MODE_COUNT] = {
	"none", "other", "parent", "parent-nomatch",
};

static const char common_usage[] =
	"options for every workload:\n"
	"  --workdir DIR  --modes a,b  --iterations N | --duration SECONDS  --warmup N\n"
	"  --reps N  --clients LIST|auto  --files N  --variants LIST  --help\n"
	"  --inject parent-watch  (every mode also watches the workload's directory:\n"
	"                          a simulated regression, to check a comparison)\n"
	"  --listener drain|held  (drain, the default: the listener reads events as\n"
	"                          they come; held: it reads them only after each\n"
	"                          timed loop, so every write's event merges into\n"
	"                          the queue's unread tail)\n";

/*
 * --inject parent-watch: set once by the options, read by every listener.
 * The labels stay those of the modes asked, so runs made with it compare
 * row by row with runs made without (fsnbot compare-runs says so).
 */
static bool inject_parent_watch;

/*
 * --listener held: set once by the options, read by every listener.  A
 * draining listener decides, by when it runs, which writes queue a new
 * event and which merge into the unread tail: under QEMU icount that is
 * set by how the vCPUs take turns, and a boot's share of merged writes
 * (two modes 3.5% apart in byte-write parent) is noise in an instruction
 * count.  A held listener makes every write take one path.
 */
static bool listener_held;

void hr_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "%s: ", hr_workload.name);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void *hr_alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		hr_die("out of memory");
	return p;
}

void hr_insns_start(struct hr_insns *k)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_HARDWARE,
		.size = sizeof(a),
		.config = PERF_COUNT_HW_INSTRUCTIONS,
		.disabled = 1,
		.exclude_hv = 1,
	};

	/* This thread, any CPU; a kernel without a PMU (TCG) says ENOENT. */
	k->fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (k->fd < 0)
		return;
	ioctl(k->fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(k->fd, PERF_EVENT_IOC_ENABLE, 0);
}

bool hr_insns_stop(struct hr_insns *k, uint64_t *count)
{
	bool ok;

	if (k->fd < 0)
		return false;
	ioctl(k->fd, PERF_EVENT_IOC_DISABLE, 0);
	ok = read(k->fd, count, sizeof(*count)) == sizeof(*count) && *count > 0;
	close(k->fd);
	k->fd = -1;
	return ok;
}

uint64_t hr_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

bool hr_deadline_passed(uint64_t deadline)
{
	return hr_now_ns() >= deadline;
}

const char *hr_mode_name(enum hr_mode m)
{
	return mode_names[m];
}

/* JSON: one object per line, strings escaped, non-finite numbers as null. */

static void json_put(struct hr_json *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void json_put(struct hr_json *j, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(j->buf + j->len, sizeof(j->buf) - j->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(j->buf) - j->len)
		hr_die("result line too long");
	j->len += n;
}

static void json_escaped(struct hr_json *j, const char *s)
{
	json_put(j, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			json_put(j, "\\%c", c);
		else if (c < 0x20)
			json_put(j, "\\u%04x", c);
		else
			json_put(j, "%c", c);
	}
	json_put(j, "\"");
}

static void json_key(struct hr_json *j, const char *key)
{
	if (j->open_member)
		json_put(j, ",");
	json_escaped(j, key);
	json_put(j, ":");
	j->open_member = true;
}

void hr_json_begin(struct hr_json *j, const char *type)
{
	j->len = 0;
	j->open_member = false;
	json_put(j, "{");
	hr_json_str(j, "type", type);
}

void hr_json_str(struct hr_json *j, const char *key, const char *val)
{
	json_key(j, key);
	json_escaped(j, val ? val : "");
}

void hr_json_int(struct hr_json *j, const char *key, long long val)
{
	json_key(j, key);
	json_put(j, "%lld", val);
}

void hr_json_num(struct hr_json *j, const char *key, double val)
{
	json_key(j, key);
	if (isfinite(val))
		json_put(j, "%.6g", val);
	else
		json_put(j, "null");
}

void hr_json_object(struct hr_json *j, const char *key)
{
	json_key(j, key);
	json_put(j, "{");
	j->open_member = false;
}

void hr_json_object_end(struct hr_json *j)
{
	json_put(j, "}");
	j->open_member = true;
}

void hr_json_print(struct hr_json *j)
{
	json_put(j, "}");
	puts(j->buf);
	fflush(stdout);
}

void hr_result(const struct hr_case *c, const struct hr_row *r, const char *metric, double value,
	       const char *unit, enum hr_direction dir)
{
	struct hr_json j;

	hr_json_begin(&j, "result");
	hr_json_str(&j, "workload", hr_workload.name);
	hr_json_str(&j, "mode", r->mode ? r->mode : hr_mode_name(c->mode));
	hr_json_str(&j, "label", hr_workload.label);
	hr_json_str(&j, "row", r->row);
	hr_json_object(&j, "params");
	for (int i = 0; i < HR_MAX_PARAMS && r->params[i].type != HR_PARAM_END; i++) {
		const struct hr_param *p = &r->params[i];

		if (p->type == HR_PARAM_INT)
			hr_json_int(&j, p->key, p->i);
		else if (p->type == HR_PARAM_NUM)
			hr_json_num(&j, p->key, p->d);
		else
			hr_json_str(&j, p->key, p->s);
	}
	hr_json_object_end(&j);
	hr_json_int(&j, "rep", c->rep);
	hr_json_str(&j, "metric", metric);
	hr_json_num(&j, "value", value);
	hr_json_str(&j, "unit", unit);
	hr_json_str(&j, "direction", dir == HR_LOWER ? "lower" : "higher");
	hr_json_print(&j);
}

void hr_skip(const char *what, const char *why)
{
	struct hr_json j;

	hr_json_begin(&j, "skip");
	hr_json_str(&j, "workload", hr_workload.name);
	hr_json_str(&j, "what", what);
	hr_json_str(&j, "reason", why);
	hr_json_print(&j);
}

/* Options. */

static unsigned int parse_modes(const char *arg)
{
	char copy[256], *save = NULL;
	unsigned int mask = 0;

	snprintf(copy, sizeof(copy), "%s", arg);
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int m;

		for (m = 0; m < HR_MODE_COUNT; m++)
			if (!strcmp(tok, mode_names[m]))
				break;
		if (m == HR_MODE_COUNT)
			hr_die("unknown mode '%s'", tok);
		mask |= HR_MODE_BIT(m);
	}
	return mask;
}

static long parse_long(const char *name, const char *arg)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 0)
		hr_die("--%s wants a non-negative integer, got '%s'", name, arg);
	return v;
}

static void usage(FILE *f)
{
	fprintf(f, "%s%s", hr_workload.usage, common_usage);
}

static void parse_opts(int argc, char **argv, struct hr_opts *o)
{
	static const struct option longopts[] = {
		{ "workdir", required_argument, NULL, 'w' },
		{ "modes", required_argument, NULL, 'm' },
		{ "iterations", required_argument, NULL, 'n' },
		{ "duration", required_argument, NULL, 'd' },
		{ "warmup", required_argument, NULL, 'W' },
		{ "reps", required_argument, NULL, 'r' },
		{ "clients", required_argument, NULL, 'c' },
		{ "files", required_argument, NULL, 'f' },
		{ "variants", required_argument, NULL, 'v' },
		{ "bare", no_argument, NULL, 'b' },
		{ "inject", required_argument, NULL, 'i' },
		{ "listener", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->workdir = "/dev/shm";
	o->iterations = 1000000;
	o->warmup = 10000;
	o->reps = 3;
	snprintf(o->clients, sizeof(o->clients), "auto");
	o->files = 1024;

	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'w':
			o->workdir = optarg;
			break;
		case 'm':
			o->modes = parse_modes(optarg);
			o->modes_given = true;
			break;
		case 'n':
			o->iterations = parse_long("iterations", optarg);
			o->duration = 0;
			break;
		case 'd':
			o->duration = atof(optarg);
			if (o->duration <= 0)
				hr_die("--duration wants seconds > 0");
			o->iterations = 0;
			break;
		case 'W':
			o->warmup = parse_long("warmup", optarg);
			break;
		case 'r':
			o->reps = (int)parse_long("reps", optarg);
			if (o->reps < 1)
				hr_die("--reps wants at least 1");
			break;
		case 'c':
			snprintf(o->clients, sizeof(o->clients), "%s", optarg);
			break;
		case 'f':
			o->files = parse_long("files", optarg);
			break;
		case 'v':
			snprintf(o->variants, sizeof(o->variants), "%s", optarg);
			break;
		case 'b':
			o->bare = true;
			break;
		case 'i':
			if (strcmp(optarg, "parent-watch"))
				hr_die("--inject knows parent-watch only, not '%s'", optarg);
			inject_parent_watch = true;
			break;
		case 'l':
			if (strcmp(optarg, "drain") && strcmp(optarg, "held"))
				hr_die("--listener is drain or held, not '%s'", optarg);
			listener_held = !strcmp(optarg, "held");
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			exit(2);
		}
	}
	if (optind != argc)
		hr_die("unexpected argument '%s'", argv[optind]);
}

static void resolve_modes(struct hr_opts *o, const struct workload *w)
{
	if (!(w->axes & HR_AXIS_MODES)) {
		o->modes = HR_MODE_BIT(HR_MODE_NONE);
		return;
	}
	if (!o->modes_given)
		o->modes = w->default_modes;
	if (o->modes & ~w->modes) {
		char names[128] = "";

		for (int m = 0; m < HR_MODE_COUNT; m++)
			if (w->modes & HR_MODE_BIT(m))
				snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
					 names[0] ? "," : "", mode_names[m]);
		hr_die("runs modes %s only", names);
	}
}

static void parse_clients(struct hr_opts *o)
{
	char copy[256], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", o->clients);
	o->nclient_counts = 0;
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (o->nclient_counts == HR_MAX_CLIENTS)
			hr_die("at most %d client counts", HR_MAX_CLIENTS);
		o->client_counts[o->nclient_counts] = atoi(t);
		if (o->client_counts[o->nclient_counts] < 1)
			hr_die("bad client count '%s'", t);
		o->nclient_counts++;
	}
	if (!o->nclient_counts)
		hr_die("--clients names no count");
}

/* "1,2,4,..." up to top, and top itself when with_top and it is no power of two. */
void hr_powers_of_two(char *list, size_t len, int top, bool with_top)
{
	size_t used = 0;
	int x;

	list[0] = '\0';
	for (x = 1; x <= top && used < len; x *= 2)
		used += snprintf(list + used, len - used, "%s%d", used ? "," : "", x);
	if (with_top && x / 2 != top && used < len)
		snprintf(list + used, len - used, ",%d", top);
}

bool hr_has_variant(const struct hr_opts *o, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = o->variants; (p = strstr(p, name)); p += n)
		if ((p == o->variants || p[-1] == ',') && (p[n] == ',' || p[n] == '\0' || p[n] == '='))
			return true;
	return false;
}

/* The header: what a reader of the results needs to know about the machine. */

static void read_first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (!f)
		return;
	if (fgets(buf, (int)len, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

static int numa_nodes(void)
{
	char online[128];
	int nodes = 0, a, b;

	read_first_line("/sys/devices/system/node/online", online, sizeof(online));
	if (!online[0])
		return 1;
	for (char *p = online; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		int n = sscanf(p, "%d-%d", &a, &b);

		nodes += n == 2 ? b - a + 1 : n == 1;
	}
	return nodes;
}

const char *hr_fs_name(const char *dir)
{
	struct statfs st;

	if (statfs(dir, &st))
		return "unknown";
	switch ((unsigned long)st.f_type) {
	case TMPFS_MAGIC:
		return "tmpfs";
	case EXT4_SUPER_MAGIC:
		return "ext4";
	case XFS_SUPER_MAGIC:
		return "xfs";
	default:
		return "other";
	}
}

static void header(const struct hr_opts *o)
{
	char clocksource[64], queued[32];
	struct utsname u;
	struct hr_json j;

	read_first_line("/sys/devices/system/clocksource/clocksource0/current_clocksource",
			clocksource, sizeof(clocksource));
	read_first_line("/proc/sys/fs/inotify/max_queued_events", queued, sizeof(queued));
	uname(&u);
	hr_json_begin(&j, "header");
	hr_json_str(&j, "workload", hr_workload.name);
	hr_json_str(&j, "kernel", u.release);
	hr_json_int(&j, "cpus", hr_ncpus());
	hr_json_int(&j, "numa_nodes", numa_nodes());
	hr_json_str(&j, "clocksource", clocksource[0] ? clocksource : "unknown");
	hr_json_str(&j, "fs_type", hr_fs_name(o->workdir));
	if (queued[0])
		hr_json_int(&j, "max_queued_events", atoll(queued));
	else
		hr_json_num(&j, "max_queued_events", NAN);
	hr_json_str(&j, "mask", hr_workload.mask);
	hr_json_int(&j, "iterations", o->iterations);
	hr_json_num(&j, "duration_s", o->duration);
	hr_json_int(&j, "warmup", o->warmup);
	hr_json_int(&j, "reps", o->reps);
	if (inject_parent_watch)
		hr_json_str(&j, "inject", "parent-watch");
	hr_json_str(&j, "listener", listener_held ? "held" : "drain");
	hr_json_print(&j);
}

/*
 * Every case: each repetition runs every selected mode, the order rotated
 * so that no mode always runs first after boot, and in each mode every
 * client count.
 */
static void run_cases(const struct workload *w, const struct hr_opts *o, void *state)
{
	int counts = w->axes & HR_AXIS_CLIENTS ? o->nclient_counts : 1;

	for (int rep = 0; rep < o->reps; rep++) {
		for (int i = 0; i < HR_MODE_COUNT; i++) {
			enum hr_mode m = (i + rep) % HR_MODE_COUNT;

			if (!(o->modes & HR_MODE_BIT(m)))
				continue;
			for (int k = 0; k < counts; k++) {
				struct hr_case c = {
					.rep = rep,
					.mode = m,
					.clients = w->axes & HR_AXIS_CLIENTS ? o->client_counts[k] : 0,
				};

				w->run(o, &c, state);
			}
		}
	}
}

int main(int argc, char **argv)
{
	const struct workload *w = &hr_workload;
	struct hr_opts o;
	void *state;

	parse_opts(argc, argv, &o);
	resolve_modes(&o, w);
	if (w->axes & HR_AXIS_CLIENTS) {
		if (!strcmp(o.clients, "auto") && w->auto_clients)
			w->auto_clients(o.clients, sizeof(o.clients));
		parse_clients(&o);
	}
	state = w->setup ? w->setup(&o) : NULL;
	header(&o);
	run_cases(w, &o, state);
	return w->teardown ? w->teardown(&o, state) : 0;
}

/* CPUs. */

int hr_ncpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	return CPU_COUNT(&set);
}

void hr_pin_self(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu % hr_ncpus(), &set);
	/* Pinning is best effort: a restricted cpuset must not fail a run. */
	sched_setaffinity(0, sizeof(set), &set);
}

/* Numbers. */

int hr_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of an already sorted array. */
uint64_t hr_percentile(const uint64_t *sorted, size_t n, double pct)
{
	size_t rank;

	if (!n)
		return 0;
	rank = (size_t)(pct / 100.0 * n + 0.999999);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return sorted[rank - 1];
}

/* Directories. */

void hr_make_workdir(const struct hr_opts *o, char *dir, size_t len)
{
	snprintf(dir, len, "%s/fsnbot.XXXXXX", o->workdir);
	if (!mkdtemp(dir))
		hr_die("mkdtemp in %s: %s", o->workdir, strerror(errno));
}

void hr_remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[1024];

	if (!d)
		return;
	while ((e = readdir(d))) {
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (!lstat(path, &st) && S_ISDIR(st.st_mode))
			hr_remove_tree(path);
		else
			unlink(path);
	}
	closedir(d);
	rmdir(dir);
}

/* The listener of a mode. */

static ssize_t drain(struct hr_listener *l, char *buf, size_t len)
{
	ssize_t n = read(l->ifd, buf, len);

	for (char *p = buf; n > 0 && p < buf + n;) {
		struct inotify_event *ev = (void *)p;

		if (ev->mask & IN_Q_OVERFLOW)
			l->overflows++;
		else
			l->events++;
		p += sizeof(*ev) + ev->len;
	}
	return n;
}

static void *listener_main(void *arg)
{
	struct hr_listener *l = arg;
	char buf[64 * 1024] __attribute__((aligned(__alignof__(struct inotify_event))));
	/* poll() ignores a negative fd: a held listener waits for the stop only. */
	struct pollfd pfd[2] = {
		{ .fd = listener_held ? -1 : l->ifd, .events = POLLIN },
		{ .fd = l->stop_fd, .events = POLLIN },
	};

	for (;;) {
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd[0].revents & POLLIN)
			drain(l, buf, sizeof(buf));
		if (pfd[1].revents & POLLIN) {
			/* Count what the last writes queued before we stop. */
			while (drain(l, buf, sizeof(buf)) > 0)
				;
			break;
		}
	}
	return NULL;
}

struct pin_arg {
	struct hr_listener *l;
	int cpu;
};

static void *listener_entry(void *arg)
{
	struct pin_arg pa = *(struct pin_arg *)arg;

	free(arg);
	if (pa.cpu >= 0)
		hr_pin_self(pa.cpu);
	return listener_main(pa.l);
}

static void watch(struct hr_listener *l, const char *dir, uint32_t mask)
{
	l->mask = mask;
	if (inotify_add_watch(l->ifd, dir, mask) < 0)
		hr_die("inotify_add_watch %s: %s", dir, strerror(errno));
}

/*
 * Every mode has the same structure - one inotify instance and one
 * listener thread polling it - so that only the mark differs between
 * modes.  An idle extra thread alone changes the cost of a write.
 */
int hr_listener_start(struct hr_listener *l, enum hr_mode mode, const char *dir, uint32_t event, int cpu)
{
	struct pin_arg *pa;

	memset(l, 0, sizeof(*l));
	l->ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (l->ifd < 0)
		hr_die("inotify_init1: %s", strerror(errno));
	l->stop_fd = eventfd(0, EFD_CLOEXEC);
	if (l->stop_fd < 0)
		hr_die("eventfd: %s", strerror(errno));

	switch (mode) {
	case HR_MODE_NONE:
		break;
	case HR_MODE_OTHER:
		snprintf(l->other_dir, sizeof(l->other_dir), "%s.other", dir);
		if (mkdir(l->other_dir, 0755) && errno != EEXIST)
			hr_die("mkdir %s: %s", l->other_dir, strerror(errno));
		watch(l, l->other_dir, event);
		break;
	case HR_MODE_PARENT:
		watch(l, dir, event);
		break;
	case HR_MODE_PARENT_NOMATCH:
		/* The workloads never delete their directory while timing. */
		watch(l, dir, IN_DELETE_SELF);
		break;
	default:
		hr_die("bad mode %d", mode);
	}
	if (inject_parent_watch && mode != HR_MODE_PARENT)
		watch(l, dir, event);

	pa = hr_alloc(1, sizeof(*pa));
	pa->l = l;
	pa->cpu = cpu;
	if (pthread_create(&l->thread, NULL, listener_entry, pa))
		hr_die("pthread_create listener");
	return 0;
}

void hr_listener_stop(struct hr_listener *l)
{
	uint64_t one = 1;

	if (write(l->stop_fd, &one, sizeof(one)) != sizeof(one))
		hr_die("eventfd write: %s", strerror(errno));
	pthread_join(l->thread, NULL);
	close(l->stop_fd);
	close(l->ifd);
	if (l->other_dir[0])
		rmdir(l->other_dir);
}

/* Tasks: threads or processes, each prepared, then all released at once. */

struct hr_tasks {
	enum hr_task_kind kind;
	int n;
	const struct hr_task_ops *ops;
	void *arg;
	pthread_barrier_t *start;	/* process-shared: it lives in a shared mapping */
	pthread_t *threads;
	pid_t *pids;
	struct task_slot *slots;
};

struct task_slot {
	struct hr_tasks *tasks;
	int id;
};

static void task_body(struct hr_tasks *t, int id)
{
	if (t->ops->prepare)
		t->ops->prepare(id, t->arg);
	pthread_barrier_wait(t->start);
	t->ops->run(id, t->arg);
}

static void *thread_entry(void *arg)
{
	struct task_slot *s = arg;

	task_body(s->tasks, s->id);
	return NULL;
}

struct hr_tasks *hr_tasks_start(enum hr_task_kind kind, int n, const struct hr_task_ops *ops, void *arg)
{
	struct hr_tasks *t = hr_alloc(1, sizeof(*t));
	pthread_barrierattr_t attr;

	*t = (struct hr_tasks){ .kind = kind, .n = n, .ops = ops, .arg = arg };
	t->start = mmap(NULL, sizeof(*t->start), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (t->start == MAP_FAILED)
		hr_die("mmap: %s", strerror(errno));
	pthread_barrierattr_init(&attr);
	pthread_barrierattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	if (pthread_barrier_init(t->start, &attr, n + 1))
		hr_die("pthread_barrier_init");
	pthread_barrierattr_destroy(&attr);
	t->threads = hr_alloc(n, sizeof(*t->threads));
	t->pids = hr_alloc(n, sizeof(*t->pids));
	t->slots = hr_alloc(n, sizeof(*t->slots));
	for (int i = 0; i < n; i++) {
		t->slots[i] = (struct task_slot){ .tasks = t, .id = i };
		if (kind == HR_THREADS) {
			if (pthread_create(&t->threads[i], NULL, thread_entry, &t->slots[i]))
				hr_die("pthread_create task %d", i);
			continue;
		}
		t->pids[i] = fork();
		if (t->pids[i] < 0)
			hr_die("fork: %s", strerror(errno));
		if (!t->pids[i]) {
			task_body(t, i);
			_exit(0);
		}
	}
	return t;
}

/* Returns once every task is prepared, at the moment they are released. */
void hr_tasks_go(struct hr_tasks *t)
{
	pthread_barrier_wait(t->start);
}

void hr_tasks_wait(struct hr_tasks *t)
{
	for (int i = 0; i < t->n; i++) {
		int status;

		if (t->kind == HR_THREADS) {
			pthread_join(t->threads[i], NULL);
			continue;
		}
		if (waitpid(t->pids[i], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
			hr_die("task %d failed", i);
	}
	pthread_barrier_destroy(t->start);
	munmap(t->start, sizeof(*t->start));
	free(t->threads);
	free(t->pids);
	free(t->slots);
	free(t);
}
