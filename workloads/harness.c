// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include "harness.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define TMPFS_MAGIC_	0x01021994
#define EXT4_MAGIC_	0xEF53
#define XFS_MAGIC_	0x58465342

static const char *const mode_names[HR_MODE_COUNT] = {
	"none", "other", "parent", "parent-nomatch",
};

void hr_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("fsnbot-workload: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

uint64_t hr_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

const char *hr_mode_name(enum hr_mode m)
{
	return mode_names[m];
}

static unsigned int parse_modes(const char *arg)
{
	unsigned int mask = 0;
	char *copy = strdup(arg);
	char *save = NULL;

	for (char *tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		int m;

		for (m = 0; m < HR_MODE_COUNT; m++)
			if (!strcmp(tok, mode_names[m]))
				break;
		if (m == HR_MODE_COUNT)
			hr_die("unknown mode '%s'", tok);
		mask |= 1u << m;
	}
	free(copy);
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

int hr_parse_opts(int argc, char **argv, struct hr_opts *o, const char *usage)
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
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->workdir = "/dev/shm";
	o->modes = (1u << HR_MODE_COUNT) - 1;
	o->iterations = 1000000;
	o->warmup = 10000;
	o->reps = 3;
	strcpy(o->clients, "auto");
	o->files = 1024;

	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'w':
			o->workdir = optarg;
			break;
		case 'm':
			o->modes = parse_modes(optarg);
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
			snprintf(o->extra, sizeof(o->extra), "%s", optarg);
			break;
		case 'b':
			o->bare = true;
			break;
		case 'h':
			printf("%s", usage);
			exit(0);
		default:
			fprintf(stderr, "%s", usage);
			exit(2);
		}
	}
	if (optind != argc)
		hr_die("unexpected argument '%s'", argv[optind]);
	return 0;
}

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
	char *p;

	read_first_line("/sys/devices/system/node/online", online, sizeof(online));
	if (!online[0])
		return 1;
	for (p = online; *p;) {
		int n = sscanf(p, "%d-%d", &a, &b);

		if (n == 2)
			nodes += b - a + 1;
		else if (n == 1)
			nodes++;
		p = strchr(p, ',');
		if (!p)
			break;
		p++;
	}
	return nodes;
}

const char *hr_fs_name(const char *dir)
{
	struct statfs st;

	if (statfs(dir, &st))
		return "unknown";
	switch ((unsigned long)st.f_type) {
	case TMPFS_MAGIC_:
		return "tmpfs";
	case EXT4_MAGIC_:
		return "ext4";
	case XFS_MAGIC_:
		return "xfs";
	default:
		return "other";
	}
}

void hr_header(const char *workload, const struct hr_opts *o, const char *mask)
{
	char clocksource[64], queued[32];
	struct utsname u;

	read_first_line("/sys/devices/system/clocksource/clocksource0/current_clocksource",
			clocksource, sizeof(clocksource));
	read_first_line("/proc/sys/fs/inotify/max_queued_events", queued,
			sizeof(queued));
	uname(&u);
	printf("{\"type\":\"header\",\"workload\":\"%s\",\"kernel\":\"%s\","
	       "\"cpus\":%d,\"numa_nodes\":%d,\"clocksource\":\"%s\","
	       "\"fs_type\":\"%s\",\"max_queued_events\":%s,\"mask\":\"%s\","
	       "\"iterations\":%ld,\"duration_s\":%g,\"warmup\":%ld,\"reps\":%d}\n",
	       workload, u.release, hr_ncpus(), numa_nodes(),
	       clocksource[0] ? clocksource : "unknown", hr_fs_name(o->workdir),
	       queued[0] ? queued : "null", mask, o->iterations, o->duration,
	       o->warmup, o->reps);
	fflush(stdout);
}

void hr_result(const struct hr_row *r, const char *metric, double value,
	       const char *unit, enum hr_direction dir)
{
	printf("{\"type\":\"result\",\"workload\":\"%s\",\"mode\":\"%s\","
	       "\"label\":\"%s\",\"row\":\"%s\",\"params\":{%s},\"rep\":%d,"
	       "\"metric\":\"%s\",\"value\":%.6g,\"unit\":\"%s\",\"direction\":\"%s\"}\n",
	       r->workload, r->mode, r->label, r->row, r->params, r->rep, metric, value,
	       unit, dir == HR_LOWER ? "lower" : "higher");
	fflush(stdout);
}

void hr_skip(const char *workload, const char *what, const char *why)
{
	printf("{\"type\":\"skip\",\"workload\":\"%s\",\"what\":\"%s\","
	       "\"reason\":\"%s\"}\n", workload, what, why);
	fflush(stdout);
}

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

void hr_barrier_init(pthread_barrier_t *b, unsigned int count)
{
	pthread_barrierattr_t attr;

	pthread_barrierattr_init(&attr);
	pthread_barrierattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	if (pthread_barrier_init(b, &attr, count))
		hr_die("pthread_barrier_init");
	pthread_barrierattr_destroy(&attr);
}

bool hr_deadline_passed(uint64_t deadline)
{
	return hr_now_ns() >= deadline;
}

/* Every selected mode once per repetition, the order rotated so that no
 * mode always runs first after boot. */
void hr_each_mode(const struct hr_opts *o, void (*run)(const struct hr_opts *, enum hr_mode, int))
{
	for (int rep = 0; rep < o->reps; rep++)
		for (int i = 0; i < HR_MODE_COUNT; i++) {
			enum hr_mode m = (i + rep) % HR_MODE_COUNT;

			if (o->modes & (1u << m))
				run(o, m, rep);
		}
}

int hr_make_workdir(const struct hr_opts *o, char *dir, size_t len)
{
	snprintf(dir, len, "%s/fsnbot.XXXXXX", o->workdir);
	if (!mkdtemp(dir))
		hr_die("mkdtemp in %s: %s", o->workdir, strerror(errno));
	return 0;
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
	struct pollfd pfd[2] = {
		{ .fd = l->ifd, .events = POLLIN },
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

/*
 * Every mode has the same structure - one inotify instance and one
 * listener thread polling it - so that only the mark differs between
 * modes.  An idle extra thread alone changes the cost of a write.
 */
int hr_listener_start(struct hr_listener *l, enum hr_mode mode,
		      const char *dir, uint32_t event, int cpu)
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
		l->mask = 0;
		break;
	case HR_MODE_OTHER:
		snprintf(l->other_dir, sizeof(l->other_dir), "%s.other", dir);
		if (mkdir(l->other_dir, 0755) && errno != EEXIST)
			hr_die("mkdir %s: %s", l->other_dir, strerror(errno));
		l->mask = event;
		if (inotify_add_watch(l->ifd, l->other_dir, event) < 0)
			hr_die("inotify_add_watch %s: %s", l->other_dir, strerror(errno));
		break;
	case HR_MODE_PARENT:
		l->mask = event;
		if (inotify_add_watch(l->ifd, dir, event) < 0)
			hr_die("inotify_add_watch %s: %s", dir, strerror(errno));
		break;
	case HR_MODE_PARENT_NOMATCH:
		/* The workloads never delete their directory while timing. */
		l->mask = IN_DELETE_SELF;
		if (inotify_add_watch(l->ifd, dir, IN_DELETE_SELF) < 0)
			hr_die("inotify_add_watch %s: %s", dir, strerror(errno));
		break;
	default:
		hr_die("bad mode %d", mode);
	}

	pa = malloc(sizeof(*pa));
	if (!pa)
		hr_die("out of memory");
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
