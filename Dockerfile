# syntax=docker/dockerfile:1
#
# The puzzle command (and puzzle-serve, the server that "puzzle serve" runs) as
# static binaries (CGO_ENABLED=0) on a distroless base,
# for running shards on a cluster (docs/scale-out.md).
#
#   docker build -t puzzle .                                   # no pattern databases
#   docker build -t puzzle --build-arg PDB_SETS="pdb-78 pdb-6666" .   # 15- and 24-puzzle tables inside
#   docker build -t puzzle-sh --target shell .                 # the same on busybox, with a shell
#
# Pattern databases (sliding solve and bench with IDA*) are either built here,
# at image build time (PDB_SETS: pdb-78 is about 12 s and 830 MB of memory to
# build, pdb-6666 four files of 64 MB), into /cache, or mounted at /cache
# (PUZZLE_CACHE) from a volume filled once by 'puzzle sliding pdb build'.
# The 'shell' target is what the Kubernetes and Slurm recipes of deploy/ use:
# they redirect each shard's output to a file, which needs a shell.

ARG GO_VERSION=1.26

FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false -ldflags="-s -w" -o /out/ ./cmd/puzzle ./cmd/puzzle-serve
ARG PDB_SETS=""
RUN mkdir -p /out/cache && \
    if [ -n "$PDB_SETS" ]; then /out/puzzle sliding pdb build --cache /out/cache $PDB_SETS && \
        /out/puzzle sliding pdb verify --cache /out/cache; fi

FROM busybox:1.36-musl AS shell
COPY --from=build /out/puzzle /out/puzzle-serve /usr/local/bin/
COPY --from=build --chown=65532:65532 /out/cache /cache
ENV PUZZLE_CACHE=/cache
USER 65532:65532
WORKDIR /work
ENTRYPOINT ["/usr/local/bin/puzzle"]

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/puzzle /out/puzzle-serve /
COPY --from=build --chown=65532:65532 /out/cache /cache
ENV PUZZLE_CACHE=/cache
WORKDIR /work
ENTRYPOINT ["/puzzle"]
