# klotski-db: `make run` builds and runs the full pipeline, `make test` runs every test.
# the commit the jar says it is built from (--version, a database's tool_version); -dirty for local changes
COMMIT := $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD 2>/dev/null && echo $$c || echo $$c-dirty; } || echo unknown)
MVN ?= mvn -B -q -Dklotski.commit=$(COMMIT)
JAR := cli/target/klotski.jar
DB ?= data/klotski-db

.PHONY: all build run release test test-quick dist dist-test bench bench-serve bench-serve-wrk clean

all: build

build:
	$(MVN) -DskipTests package

run: build
	bin/klotski build --db $(DB)

# the overnight job: the whole HRD_Database release (~28.5 GB) into data/release, every file
# checked against ../shared/published; resumable; needs the database of `make run`
release: build
	bin/klotski release --db $(DB) --out data/release

# one archive to download, for the platform it is built on (linux-x86_64 here; README, "Other
# platforms"): a Java runtime of just the modules used (from DIST_JDK; unnamed, the newest JDK in
# /usr/lib/jvm, else javac's), the jar, RocksDB's native library, the launcher, the man page and the
# completion script; runs where no Java is installed. The same commit gives the same bytes, with a
# .sha256 beside (tools/dist.sh says how)
DIST_JDK ?=
dist: build
	tools/dist.sh klotski-db-$(COMMIT) "$(DIST_JDK)"

# the archive as a user meets it: twice the same bytes, within its sizes, run with no Java installed
dist-test: build
	tools/dist-test.sh klotski-db-$(COMMIT) "$(DIST_JDK)"

# not quiet: Surefire's "Tests run: N, Failures: N" summary is the record of what ran. -T 2: two
# modules at a time where the imports allow (db-schema beside analysis, datasets beside server),
# each running its test classes two at a time (the root pom's Surefire settings). Then the
# launcher itself (bin/klotski, which needs the packaged jar) in a POSIX locale, silent when it holds
test:
	mvn -B --no-transfer-progress -T 2 -Dklotski.commit=$(COMMIT) verify
	@# the launcher in a POSIX locale (cron, env -i): a name as an argument, and a name in a message
	@env -i PATH=/usr/bin:/bin bin/klotski show 横刀立马 | grep -qx 'code      1A9BF0C00' \
	  || { echo "FAILED: the launcher in a POSIX locale does not read 横刀立马 as an argument"; exit 1; }
	@env -i PATH=/usr/bin:/bin bin/klotski show 横刀力马 2>&1 | grep -q "'横刀力马'" \
	  || { echo "FAILED: the launcher in a POSIX locale does not print 横刀力马 in a message"; exit 1; }
	@env -i PATH=/usr/bin:/bin bin/klotski show 橫刀立馬 | grep -qx 'code      1A9BF0C00' \
	  || { echo "FAILED: the launcher in a POSIX locale does not read 橫刀立馬 (traditional) as an argument"; exit 1; }
	@# through a symbolic link (~/bin, stow, Homebrew), with JAVA_HOME honoured, KLOTSKI_DB as the default database
	@mkdir -p target && ln -sfn "$$(pwd)/bin/klotski" target/klotski-link
	@target/klotski-link show 横刀立马 | grep -qx 'code      1A9BF0C00' \
	  || { echo "FAILED: the launcher called through a symbolic link"; exit 1; }
	@JAVA_HOME=/nonexistent bin/klotski --version 2>&1 | grep -qx 'klotski: JAVA_HOME is /nonexistent, which has no bin/java; klotski needs Java 17 or newer' \
	  || { echo "FAILED: the launcher does not say that JAVA_HOME has no java"; exit 1; }
	@KLOTSKI_DB=target/no-such-db bin/klotski info 1A9BF0C00 2>&1 | grep -q "target/no-such-db" \
	  || { echo "FAILED: the launcher's commands do not take KLOTSKI_DB as the default database"; exit 1; }
	@# a command that runs the engine: its own line first, not the JVM's incubator warning
	@bin/klotski analyse --db target/no-such-db 2>&1 | head -1 | grep -q '^klotski: no database at ' \
	  || { echo "FAILED: the launcher lets the JVM's 'Using incubator modules' line through before the command's own"; exit 1; }

# the quick tier: every test not tagged slow (JUnit's @Tag("slow"): the full-data checks, whole
# releases, kills, the browser); catches a broken move, group number, analysis value or schema
test-quick:
	mvn -B --no-transfer-progress -T 2 -Dklotski.commit=$(COMMIT) test -DexcludedGroups=slow

# JMH benchmarks; BENCH_ARGS passes JMH options, e.g. BENCH_ARGS='LookupBench' for one class.
# DbLookupBench needs the database of `make run`.
bench:
	$(MVN) -Pbench -DskipTests package
	java -jar bench/target/benchmarks.jar -rf json -rff bench/target/jmh.json $(BENCH_ARGS)

# load on `klotski serve` over loopback (the database of `make run`): look-ups/s, p99, errors
bench-serve:
	$(MVN) -Pbench -DskipTests package
	java -Xmx6g -cp bench/target/benchmarks.jar klotskidb.bench.ServeLoad $(DB) 64 20 8

# the same from a separate process (wrk, Debian's package): a fresh server (cold), then again (warm)
bench-serve-wrk: build
	bench/serve-wrk.sh $(DB) 15 64

clean:
	$(MVN) clean
	rm -rf dist
