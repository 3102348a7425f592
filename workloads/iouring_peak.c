// SPDX-License-Identifier: GPL-2.0
/*
 * iouring-peak: 512-byte random reads through io_uring, in the style of
 * fio's t/io_uring that Jens Axboe used for the "fsnotify: optimize the
 * case of no parent watcher" numbers (seed 003).  Every completed read
 * passes fsnotify_access(), so a mark anywhere on the filesystem that
 * holds the device node slows the unwatched path.
 *
 * Target: a null_blk device (/dev/nullb0, O_DIRECT) when present, else a
 * file in --workdir (buffered; the header says which).  Engines: irq and
 * polled (IORING_SETUP_IOPOLL, device targets only).  Modes: none, and
 * other (a mark on another directory of the device node's filesystem).
 * Metric: iops, the median of per-second counts after a one-second
 * warm-up.
 *
 * The ring is driven with raw system calls so the binary stays static and
 * free of liburing.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define QD 32
#define BS 512
#define SPAN (256ull << 20)
#define MAX_SECONDS 64

struct ring {
	int fd;
	unsigned int *sq_head, *sq_tail, *sq_mask, *sq_array;
	unsigned int *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
};

/* The read target and the directory the other-mode mark goes on. */
struct state {
	char dir[512];
	const char *device;
	bool on_device;
	int fd;
};

static int ring_setup(struct ring *r, bool polled)
{
	struct io_uring_params p = { .flags = polled ? IORING_SETUP_IOPOLL : 0 };
	void *sq, *cq;

	r->fd = syscall(__NR_io_uring_setup, QD, &p);
	if (r->fd < 0)
		return -errno;
	sq = mmap(NULL, p.sq_off.array + p.sq_entries * sizeof(unsigned int),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, r->fd, IORING_OFF_SQ_RING);
	cq = mmap(NULL, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, r->fd, IORING_OFF_CQ_RING);
	r->sqes = mmap(NULL, p.sq_entries * sizeof(struct io_uring_sqe),
		       PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, r->fd, IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || r->sqes == MAP_FAILED)
		return -errno;
	r->sq_head = sq + p.sq_off.head;
	r->sq_tail = sq + p.sq_off.tail;
	r->sq_mask = sq + p.sq_off.ring_mask;
	r->sq_array = sq + p.sq_off.array;
	r->cq_head = cq + p.cq_off.head;
	r->cq_tail = cq + p.cq_off.tail;
	r->cq_mask = cq + p.cq_off.ring_mask;
	r->cqes = cq + p.cq_off.cqes;
	return 0;
}

static void queue_read(struct ring *r, int fd, void *buf, uint64_t *seed)
{
	unsigned int tail = *r->sq_tail, idx = tail & *r->sq_mask;
	struct io_uring_sqe *sqe = &r->sqes[idx];

	*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = IORING_OP_READ;
	sqe->fd = fd;
	sqe->addr = (unsigned long)buf;
	sqe->len = BS;
	sqe->off = ((*seed >> 17) % (SPAN / BS)) * BS;
	r->sq_array[idx] = idx;
	atomic_store_explicit((_Atomic unsigned int *)r->sq_tail, tail + 1, memory_order_release);
}

/* Reaps what completed; returns how many, or -errno of a failed read. */
static long reap(struct ring *r)
{
	unsigned int head = *r->cq_head;
	unsigned int tail = atomic_load_explicit((_Atomic unsigned int *)r->cq_tail, memory_order_acquire);
	long n = 0;

	for (; head != tail; head++, n++) {
		struct io_uring_cqe *cqe = &r->cqes[head & *r->cq_mask];

		if (cqe->res < 0)
			return cqe->res;
	}
	atomic_store_explicit((_Atomic unsigned int *)r->cq_head, head, memory_order_release);
	return n;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/* The median of per-second counts, the first second dropped as warm-up. */
static double median_after_warmup(long *counts, long n)
{
	if (n < 2)
		return 0;
	qsort(counts + 1, n - 1, sizeof(counts[0]), cmp_long);
	if ((n - 1) % 2)
		return counts[1 + (n - 1) / 2];
	return (counts[(n - 1) / 2] + counts[(n - 1) / 2 + 1]) / 2.0;
}

/* Runs the ring for duration seconds; returns the median per-second IOPS, 0 with *err set on failure. */
static double run_ring(int fd, bool polled, double duration, int *err)
{
	struct ring r = { 0 };
	long counts[MAX_SECONDS], n = 0, in_sec = 0;
	uint64_t seed = 42, second;
	int inflight = 0, rc;
	void *buf;

	*err = 0;
	rc = ring_setup(&r, polled);
	if (rc) {
		*err = -rc;
		return 0;
	}
	if (posix_memalign(&buf, 4096, BS))
		hr_die("out of memory");
	second = hr_now_ns();
	/* Run until there is one full-second count per second asked for. */
	while (n < (long)duration && n < MAX_SECONDS && !*err) {
		int to_submit = 0;
		long done;

		while (inflight + to_submit < QD) {
			queue_read(&r, fd, buf, &seed);
			to_submit++;
		}
		rc = syscall(__NR_io_uring_enter, r.fd, to_submit, 1, IORING_ENTER_GETEVENTS, NULL, 0);
		if (rc < 0 && errno != EINTR)
			*err = errno;
		inflight += to_submit;
		done = reap(&r);
		if (done < 0)
			*err = -done;
		inflight -= done > 0 ? done : 0;
		in_sec += done > 0 ? done : 0;
		if (hr_now_ns() - second >= 1000000000ull) {
			counts[n++] = in_sec;
			in_sec = 0;
			second = hr_now_ns();
		}
	}
	close(r.fd);
	free(buf);
	return *err ? 0 : median_after_warmup(counts, n);
}

static void run(const struct hr_opts *o, const struct hr_case *c, void *state)
{
	static const char *const engines[] = { "irq", "polled" };
	struct state *s = state;
	bool some = hr_has_variant(o, "irq") || hr_has_variant(o, "polled");

	for (int polled = 0; polled < 2; polled++) {
		const char *engine = engines[polled];
		struct hr_listener l;
		char row[64];
		double iops;
		int err;

		if (some && !hr_has_variant(o, engine))
			continue;
		if (polled && !s->on_device) {
			hr_skip(engine, "polled I/O needs a block device target");
			continue;
		}
		hr_listener_start(&l, c->mode, s->dir, IN_ACCESS, -1);
		hr_pin_self(0);
		iops = run_ring(s->fd, polled, o->duration, &err);
		hr_listener_stop(&l);
		if (err) {
			hr_skip(engine, strerror(err));
			continue;
		}
		snprintf(row, sizeof(row), "%s %s", hr_mode_name(c->mode), engine);
		struct hr_row r = {
			.row = row,
			.params = { HR_STR("target", s->on_device ? s->device : "file"), HR_STR("engine", engine),
				    HR_INT("qd", QD), HR_INT("bs", BS), HR_NUM("duration_s", o->duration) },
		};

		hr_result(c, &r, "iops", iops, "IO/s", HR_HIGHER);
	}
}

static void fill_target(const char *file, int fd)
{
	static char page[1 << 20];

	for (unsigned long long off = 0; off < SPAN; off += sizeof(page))
		if (write(fd, page, sizeof(page)) != sizeof(page))
			hr_die("writing %s: %s", file, strerror(errno));
}

static void *setup(struct hr_opts *o)
{
	struct state *s = hr_alloc(1, sizeof(*s));
	const char *d = strstr(o->variants, "device=");
	static char device[256] = "/dev/nullb0";
	char file[600];

	if (o->duration <= 0)
		o->duration = 4;
	if (o->duration < 2)
		hr_die("--duration must be >= 2 (one second of warm-up)");
	if (d)
		snprintf(device, sizeof(device), "%.*s", (int)strcspn(d + 7, ","), d + 7);
	s->device = device;
	s->on_device = access(device, R_OK) == 0;
	if (s->on_device) {
		/* The other-mode mark goes on a directory of the device's filesystem. */
		snprintf(s->dir, sizeof(s->dir), "/dev/fsnbot-iouring");
		mkdir(s->dir, 0755);
		s->fd = open(device, O_RDONLY | O_DIRECT);
	} else {
		hr_make_workdir(o, s->dir, sizeof(s->dir));
		snprintf(file, sizeof(file), "%s/data", s->dir);
		s->fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0644);
		if (s->fd >= 0)
			fill_target(file, s->fd);
	}
	if (s->fd < 0)
		hr_die("open target: %s", strerror(errno));
	return s;
}

static int teardown(const struct hr_opts *o, void *state)
{
	struct state *s = state;

	(void)o;
	close(s->fd);
	if (s->on_device)
		rmdir(s->dir);
	else
		hr_remove_tree(s->dir);
	free(s);
	return 0;
}

const struct workload hr_workload = {
	.name = "iouring-peak",
	.usage = "usage: iouring-peak [--duration SECONDS] [--modes none,other]\n"
		 "                    [--variants irq,polled,device=/dev/nullb0]\n",
	.label = "mode engine",
	.mask = "IN_ACCESS (other mode)",
	.axes = HR_AXIS_MODES,
	.modes = HR_MODE_BIT(HR_MODE_NONE) | HR_MODE_BIT(HR_MODE_OTHER),
	.default_modes = HR_MODE_BIT(HR_MODE_NONE) | HR_MODE_BIT(HR_MODE_OTHER),
	.setup = setup,
	.run = run,
	.teardown = teardown,
};
