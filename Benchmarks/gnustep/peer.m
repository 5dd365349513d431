/*
 * nspredicate-peer: times GNUstep's NSPredicate on the shared benchmark cases.
 *
 * Usage: nspredicate-peer CASES.json [--round-ms MS] [--iterations N] [--rounds R]
 *                         [--filter TEXT] [--name NAME]
 *
 * CASES.json is an array of {"name", "format", "object", ...} (extra keys are
 * ignored). For each case the peer parses the format (+predicateWithFormat:)
 * and evaluates the parsed predicate (-evaluateWithObject:) against the
 * object, each in R rounds (default 7) after one warm-up round. A round is N
 * operations; unless --iterations fixes N, N is calibrated so that a round
 * lasts about MS milliseconds (default 20). With --filter, only cases whose
 * name contains TEXT run; with --name, only the case named NAME. It prints one JSON line per case:
 *
 *   {"name": ..., "parse_ns": <median ns/op>, "eval_ns": <median ns/op>,
 *    "result": true|false|null, "error": null|"..."}
 *
 * A case GNUstep cannot parse or evaluate (it raises NSException, e.g. for
 * SUBQUERY or UTI-CONFORMS-TO) is reported with null timings and the
 * exception's reason in "error" ("unsupported (parse): ..." or
 * "unsupported (evaluate): ..."); it never crashes the peer.
 */
#import <Foundation/Foundation.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Sink for results so the compiler cannot drop the timed work. */
static volatile uintptr_t sink;

static uint64_t now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *values, int count)
{
  qsort(values, count, sizeof(double), compare_doubles);
  return count % 2 ? values[count / 2]
                   : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* Iterations per autorelease pool, so pools stay small but cheap. */
enum { kPoolBatch = 64 };

/* What one timed operation does. */
typedef enum { kParse, kEval } Operation;

/* Runs `n` operations; returns the elapsed nanoseconds. */
static uint64_t run_batch(Operation op, NSString *format, NSPredicate *predicate,
                          id object, int n)
{
  uint64_t start = now_ns();
  for (int i = 0; i < n; i += kPoolBatch)
    {
      NSAutoreleasePool *pool = [NSAutoreleasePool new];
      for (int j = i; j < i + kPoolBatch && j < n; j++)
        {
          if (op == kParse)
            sink ^= (uintptr_t)[NSPredicate predicateWithFormat: format];
          else
            sink += [predicate evaluateWithObject: object];
        }
      [pool drain];
    }
  return now_ns() - start;
}

/* Timing settings from the command line. */
static int fixed_iterations = 0, rounds = 7;
static double round_ns = 20e6;

/* Median ns per operation over `rounds` rounds, after calibration/warm-up. */
static double measure(Operation op, NSString *format, NSPredicate *predicate, id object)
{
  int n = fixed_iterations > 0 ? fixed_iterations : 1;
  /* Warm-up, doubling n until a round lasts long enough (unless n is fixed). */
  for (;;)
    {
      uint64_t elapsed = run_batch(op, format, predicate, object, n);
      if (fixed_iterations > 0 || elapsed >= round_ns || n >= (1 << 26))
        {
          if (fixed_iterations == 0 && elapsed > 0)
            n = (int)((double)n * round_ns / (double)elapsed) + 1;
          break;
        }
      n *= 2;
    }
  double per_op[rounds];
  for (int r = 0; r < rounds; r++)
    per_op[r] = (double)run_batch(op, format, predicate, object, n) / n;
  return median(per_op, rounds);
}

static void print_line(NSDictionary *line)
{
  NSData *data = [NSJSONSerialization dataWithJSONObject: line
                                                 options: 0
                                                   error: NULL];
  fwrite([data bytes], 1, [data length], stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

/* Parses and evaluates one case; returns the JSON line describing it. */
static NSDictionary *run_case(NSDictionary *c)
{
  NSString *name = [c objectForKey: @"name"];
  NSString *format = [c objectForKey: @"format"];
  id object = [c objectForKey: @"object"];
  NSMutableDictionary *line = [NSMutableDictionary dictionary];
  [line setObject: (name ? (id)name : (id)[NSNull null]) forKey: @"name"];
  [line setObject: [NSNull null] forKey: @"parse_ns"];
  [line setObject: [NSNull null] forKey: @"eval_ns"];
  [line setObject: [NSNull null] forKey: @"result"];
  [line setObject: [NSNull null] forKey: @"error"];
  if (![format isKindOfClass: [NSString class]] || object == nil)
    {
      [line setObject: @"case has no format string or object" forKey: @"error"];
      return line;
    }

  NSPredicate *predicate = nil;
  BOOL result = NO;
  NSString *phase = @"parse";
  @try
    {
      predicate = [NSPredicate predicateWithFormat: format];
      phase = @"evaluate";
      result = [predicate evaluateWithObject: object];
    }
  @catch (NSException *e)
    {
      NSString *reason = [NSString stringWithFormat: @"unsupported (%@): %@: %@",
                                   phase, [e name], [e reason]];
      [line setObject: reason forKey: @"error"];
      return line;
    }
  [line setObject: [NSNumber numberWithBool: result] forKey: @"result"];
  [line setObject: [NSNumber numberWithDouble: measure(kParse, format, nil, nil)]
           forKey: @"parse_ns"];
  [line setObject: [NSNumber numberWithDouble: measure(kEval, nil, predicate, object)]
           forKey: @"eval_ns"];
  return line;
}

int main(int argc, const char *argv[])
{
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  const char *path = NULL;
  NSString *filter = nil, *only = nil;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc)
        fixed_iterations = atoi(argv[++i]);
      else if (strcmp(argv[i], "--filter") == 0 && i + 1 < argc)
        filter = [NSString stringWithUTF8String: argv[++i]];
      else if (strcmp(argv[i], "--name") == 0 && i + 1 < argc)
        only = [NSString stringWithUTF8String: argv[++i]];
      else if (strcmp(argv[i], "--round-ms") == 0 && i + 1 < argc)
        round_ns = atof(argv[++i]) * 1e6;
      else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
        rounds = atoi(argv[++i]);
      else if (path == NULL)
        path = argv[i];
      else
        {
          fprintf(stderr, "nspredicate-peer: unexpected argument %s\n", argv[i]);
          return 2;
        }
    }
  if (path == NULL || fixed_iterations < 0 || rounds < 1 || round_ns <= 0)
    {
      fprintf(stderr, "usage: nspredicate-peer CASES.json [--round-ms MS] [--iterations N] [--rounds R] [--filter TEXT] [--name NAME]\n");
      return 2;
    }

  NSData *data = [NSData dataWithContentsOfFile: [NSString stringWithUTF8String: path]];
  NSError *error = nil;
  id cases = data ? [NSJSONSerialization JSONObjectWithData: data options: 0 error: &error] : nil;
  if (![cases isKindOfClass: [NSArray class]])
    {
      fprintf(stderr, "nspredicate-peer: %s is not a JSON array of cases (%s)\n", path,
              error ? [[error description] UTF8String] : "unreadable");
      return 1;
    }
  for (id c in cases)
    {
      NSAutoreleasePool *inner = [NSAutoreleasePool new];
      id name = [c isKindOfClass: [NSDictionary class]] ? [c objectForKey: @"name"] : nil;
      if ([name isKindOfClass: [NSString class]]
          && (filter == nil || [name rangeOfString: filter].location != NSNotFound)
          && (only == nil || [name isEqualToString: only]))
        print_line(run_case(c));
      [inner drain];
    }
  [pool drain];
  return 0;
}
