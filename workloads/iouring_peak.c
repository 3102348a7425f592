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

static const char usage[] =
	"usage: iouring-peak [--workdir DIR] [--duration SECONDS] [--modes none,other]\n"
	"                    [--variants irq,polled,device=/dev/nullb0] [--reps N]\n";

struct ring {
	int fd;
	unsigned int *sq_head, *sq_tail, *sq_mask, *sq_array;
	unsigned int *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
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

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/* Runs the ring for duration seconds; returns the median per-second IOPS. */
static double run_ring(int fd, bool polled, double duration, int *err)
{
	struct ring r = { 0 };
	void *buf;
	uint64_t seed = 42, second;
	long counts[64], n = 0, in_sec = 0;
	int inflight = 0, rc;

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
	while (n < (long)duration && n < 64) {
		int to_submit = 0;

		while (inflight + to_submit < QD) {
			queue_read(&r, fd, buf, &seed);
			to_submit++;
		}
		rc = syscall(__NR_io_uring_enter, r.fd, to_submit, 1, IORING_ENTER_GETEVENTS, NULL, 0);
		if (rc < 0 && errno != EINTR) {
			*err = errno;
			break;
		}
		inflight += to_submit;
		unsigned int head = *r.cq_head;
		unsigned int tail = atomic_load_explicit((_Atomic unsigned int *)r.cq_tail,
							 memory_order_acquire);

		for (; head != tail; head++) {
			struct io_uring_cqe *cqe = &r.cqes[head & *r.cq_mask];

			if (cqe->res < 0) {
				*err = -cqe->res;
				goto out;
			}
			inflight--;
			in_sec++;
		}
		atomic_store_explicit((_Atomic unsigned int *)r.cq_head, head, memory_order_release);
		if (hr_now_ns() - second >= 1000000000ull) {
			if (n < 64)
				counts[n++] = in_sec;
			in_sec = 0;
			second = hr_now_ns();
		}
	}
out:
	close(r.fd);
	free(buf);
	if (*err || n < 2)
		return 0;
	/* Drop the first second as warm-up; median of the rest. */
	qsort(counts + 1, n - 1, sizeof(counts[0]), cmp_long);
	if ((n - 1) % 2)
		return counts[1 + (n - 1) / 2];
	return (counts[(n - 1) / 2] + counts[(n - 1) / 2 + 1]) / 2.0;
}

int main(int argc, char **argv)
{
	const char *device = "/dev/nullb0";
	char dir[512], file[600], params[200], *d;
	struct hr_opts o;
	bool use_device;
	int fd;

	hr_parse_opts(argc, argv, &o, usage);
	if (o.duration <= 0)
		o.duration = 4;
	if (o.duration < 2)
		hr_die("--duration must be >= 2 (one second of warm-up)");
	if (o.modes == (1u << HR_MODE_COUNT) - 1)
		o.modes = (1u << HR_MODE_NONE) | (1u << HR_MODE_OTHER);
	if (o.modes & ~((1u << HR_MODE_NONE) | (1u << HR_MODE_OTHER)))
		hr_die("iouring-peak runs modes none and other only");
	d = strstr(o.extra, "device=");
	if (d) {
		device = d + 7;
		d = strchr(d, ',');
		if (d)
			*d = '\0';
	}
	use_device = access(device, R_OK) == 0;
	hr_header("iouring-peak", &o, "IN_ACCESS (other mode)");
	if (use_device) {
		/* The other-mode mark goes on a directory of the device's filesystem. */
		snprintf(dir, sizeof(dir), "/dev/fsnbot-iouring");
		mkdir(dir, 0755);
		fd = open(device, O_RDONLY | O_DIRECT);
	} else {
		static char page[1 << 20];

		hr_make_workdir(&o, dir, sizeof(dir));
		snprintf(file, sizeof(file), "%s/data", dir);
		fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0644);
		for (unsigned long long off = 0; fd >= 0 && off < SPAN; off += sizeof(page))
			if (write(fd, page, sizeof(page)) != sizeof(page))
				hr_die("fill %s: %s", file, strerror(errno));
	}
	if (fd < 0)
		hr_die("open target: %s", strerror(errno));

	for (int rep = 0; rep < o.reps; rep++)
		for (int m = 0; m < HR_MODE_COUNT; m++) {
			if (!(o.modes & (1u << m)))
				continue;
			for (int polled = 0; polled < 2; polled++) {
				const char *engine = polled ? "polled" : "irq";
				struct hr_listener l;
				char row[64];
				double iops;
				int err;

				if ((strstr(o.extra, "irq") || strstr(o.extra, "polled")) && !strstr(o.extra, engine))
					continue;
				if (polled && !use_device) {
					hr_skip("iouring-peak", engine, "polled I/O needs a block device target");
					continue;
				}
				hr_listener_start(&l, m, dir, IN_ACCESS, -1);
				hr_pin_self(0);
				iops = run_ring(fd, polled, o.duration, &err);
				hr_listener_stop(&l);
				if (err) {
					hr_skip("iouring-peak", engine, strerror(err));
					continue;
				}
				snprintf(params, sizeof(params),
					 "\"target\":\"%s\",\"engine\":\"%s\",\"qd\":%d,\"bs\":%d,\"duration_s\":%g",
					 use_device ? device : "file", engine, QD, BS, o.duration);
				snprintf(row, sizeof(row), "%s %s", hr_mode_name(m), engine);
				struct hr_row r = { "iouring-peak", hr_mode_name(m), "mode engine", row, params, rep };

				hr_result(&r, "iops", iops, "IO/s", HR_HIGHER);
			}
		}
	close(fd);
	if (!use_device)
		hr_remove_tree(dir);
	else
		rmdir(dir);
	return 0;
}
