# klotski-db: `make run` builds and runs the full pipeline, `make test` runs every test.
MVN ?= mvn -B -q
JAR := cli/target/klotski.jar
DB ?= data/klotski-db

.PHONY: all build run test bench clean

all: build

build:
	$(MVN) -DskipTests package

run: build
	bin/klotski build --db $(DB)

test:
	$(MVN) verify

bench: build
	$(MVN) -Pbench -DskipTests package -pl bench -am
	java -Xmx6g -XX:+UseParallelGC -jar bench/target/benchmarks.jar $(BENCH_ARGS)

clean:
	$(MVN) clean
