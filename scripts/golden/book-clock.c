/* LD_PRELOAD shim for scripts/golden/book.sh: a fixed clock, so that Edax's book files are
 * reproducible. time() gives 2026-01-02 03:04:05 UTC (the date book_save writes, under TZ=UTC)
 * and clock_gettime() a fixed instant, so real_clock(), the seed of the book's generator
 * (book_init, book_load), is 1000000 ms. Written for this project. */
#define _GNU_SOURCE
#include <time.h>
#include <sys/time.h>

#define FIXED_TIME 1767323045L /* 2026-01-02 03:04:05 UTC */

time_t time(time_t *t)
{
	if (t) *t = FIXED_TIME;
	return FIXED_TIME;
}

int clock_gettime(clockid_t id, struct timespec *ts)
{
	(void) id;
	ts->tv_sec = (id == CLOCK_REALTIME) ? FIXED_TIME : 1000;
	ts->tv_nsec = 0;
	return 0;
}

int gettimeofday(struct timeval *tv, void *tz)
{
	(void) tz;
	if (tv) { tv->tv_sec = FIXED_TIME; tv->tv_usec = 0; }
	return 0;
}
