/* A real MPI program whose MPI_Reduce calls are checked against the MPI library's own
 * (PMPI_Reduce, which the PMPI library does not wrap) and, for the non-commutative operations,
 * against the serial product: every predefined datatype with every operation defined on it,
 * roots, MPI_IN_PLACE, derived datatypes with holes and user-defined operations (a 2x2 matrix
 * product, non-commutative), MPI_COMM_WORLD, MPI_COMM_SELF, duplicated, split and freed
 * communicators, reductions on the halves of the job at the same time, a wildcard receive of
 * the program's own pending across reductions on the same communicator, reductions from two
 * threads on two communicators at once, and an intercommunicator and count 0 (passed to the MPI
 * library). Run with libreducelab_mpi_reduce.so preloaded (tests/mpi/test_mpi_reduce.sh) and
 * without it. Rank 0 prints "calls K" (the MPI_Reduce calls of rank 0 the library should take
 * over with REDUCELAB_REDUCE=auto) and "digest X" (of every result at every root: equal with
 * and without the library). Exit status 1 on any difference, naming the case. */
#include <mpi.h>

#include <complex.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int g_rank, g_size;
static long g_calls;    /* MPI_Reduce calls of this process the library should run */
static int g_failures;  /* cases that differ, on this process */
static uint64_t g_digest = 1469598103934665603ULL;

static void digest(const void* p, size_t bytes) {
    const unsigned char* b = p;
    for (size_t i = 0; i < bytes; ++i) {
        g_digest = (g_digest ^ b[i]) * 1099511628211ULL;
    }
}

static void fail(const char* what, const char* where, int root, int count) {
    fprintf(stderr, "FAIL rank %d: %s (%s, root %d, count %d, %d ranks)\n", g_rank, what, where,
            root, count, g_size);
    ++g_failures;
}

enum Kind { INTEGER, FLOATING, BOOLEAN, BYTES, PAIR, COMPLEX };

struct Type {
    MPI_Datatype type;
    const char* name;
    enum Kind kind;
    int isSigned;
    int valueBytes; /* bytes compared per element (long double: its 10 bytes of value) */
};

/* Small integer values, so that every order of evaluation gives the same exact result (no
 * overflow at 8 ranks in the narrowest type, floating sums exact). */
static long valueFor(MPI_Op op, int rank, int i, int isSigned) {
    if (op == MPI_SUM) {
        return (rank * 7 + i * 3) % 11 - (isSigned ? 5 : 0);
    }
    if (op == MPI_PROD) {
        return (rank + i) % 4 == 0 ? 2 : (isSigned && (rank + i) % 3 == 0 ? -1 : 1);
    }
    if (op == MPI_MIN || op == MPI_MAX || op == MPI_MINLOC || op == MPI_MAXLOC) {
        return (rank * 13 + i * 5) % 17;
    }
    if (op == MPI_LAND || op == MPI_LOR || op == MPI_LXOR) {
        return (rank + i) % 3 == 0 ? 0 : (rank + i) % 5 + 1;
    }
    return (rank * 37 + i * 11) & 0x7f;
}

static void store(const struct Type* t, void* element, long v, int rank) {
    MPI_Datatype d = t->type;
    if (d == MPI_SIGNED_CHAR) *(signed char*)element = (signed char)v;
    else if (d == MPI_UNSIGNED_CHAR || d == MPI_BYTE) *(unsigned char*)element = (unsigned char)v;
    else if (d == MPI_SHORT) *(short*)element = (short)v;
    else if (d == MPI_UNSIGNED_SHORT) *(unsigned short*)element = (unsigned short)v;
    else if (d == MPI_INT) *(int*)element = (int)v;
    else if (d == MPI_UNSIGNED) *(unsigned*)element = (unsigned)v;
    else if (d == MPI_LONG) *(long*)element = v;
    else if (d == MPI_UNSIGNED_LONG) *(unsigned long*)element = (unsigned long)v;
    else if (d == MPI_LONG_LONG) *(long long*)element = v;
    else if (d == MPI_UNSIGNED_LONG_LONG) *(unsigned long long*)element = (unsigned long long)v;
    else if (d == MPI_INT8_T) *(int8_t*)element = (int8_t)v;
    else if (d == MPI_UINT8_T) *(uint8_t*)element = (uint8_t)v;
    else if (d == MPI_INT16_T) *(int16_t*)element = (int16_t)v;
    else if (d == MPI_UINT16_T) *(uint16_t*)element = (uint16_t)v;
    else if (d == MPI_INT32_T) *(int32_t*)element = (int32_t)v;
    else if (d == MPI_UINT32_T) *(uint32_t*)element = (uint32_t)v;
    else if (d == MPI_INT64_T) *(int64_t*)element = (int64_t)v;
    else if (d == MPI_UINT64_T) *(uint64_t*)element = (uint64_t)v;
    else if (d == MPI_FLOAT) *(float*)element = (float)v;
    else if (d == MPI_DOUBLE) *(double*)element = (double)v;
    else if (d == MPI_LONG_DOUBLE) *(long double*)element = (long double)v;
    else if (d == MPI_C_BOOL) *(bool*)element = v != 0;
    else if (d == MPI_C_FLOAT_COMPLEX) *(float _Complex*)element = (float)(v % 3) + (float)(v % 2) * I;
    else if (d == MPI_C_DOUBLE_COMPLEX) *(double _Complex*)element = (double)(v % 3) + (double)(v % 2) * I;
    else if (d == MPI_2INT) { ((int*)element)[0] = (int)v; ((int*)element)[1] = rank; }
    else if (d == MPI_DOUBLE_INT) { struct { double v; int i; }* p = element; p->v = (double)v; p->i = rank; }
    else if (d == MPI_FLOAT_INT) { struct { float v; int i; }* p = element; p->v = (float)v; p->i = rank; }
    else if (d == MPI_LONG_INT) { struct { long v; int i; }* p = element; p->v = v; p->i = rank; }
    else if (d == MPI_SHORT_INT) { struct { short v; int i; }* p = element; p->v = (short)v; p->i = rank; }
}

static const struct Type kTypes[] = {
    {MPI_SIGNED_CHAR, "MPI_SIGNED_CHAR", INTEGER, 1, 0},
    {MPI_UNSIGNED_CHAR, "MPI_UNSIGNED_CHAR", INTEGER, 0, 0},
    {MPI_SHORT, "MPI_SHORT", INTEGER, 1, 0},
    {MPI_UNSIGNED_SHORT, "MPI_UNSIGNED_SHORT", INTEGER, 0, 0},
    {MPI_INT, "MPI_INT", INTEGER, 1, 0},
    {MPI_UNSIGNED, "MPI_UNSIGNED", INTEGER, 0, 0},
    {MPI_LONG, "MPI_LONG", INTEGER, 1, 0},
    {MPI_UNSIGNED_LONG, "MPI_UNSIGNED_LONG", INTEGER, 0, 0},
    {MPI_LONG_LONG, "MPI_LONG_LONG", INTEGER, 1, 0},
    {MPI_UNSIGNED_LONG_LONG, "MPI_UNSIGNED_LONG_LONG", INTEGER, 0, 0},
    {MPI_INT8_T, "MPI_INT8_T", INTEGER, 1, 0},
    {MPI_UINT8_T, "MPI_UINT8_T", INTEGER, 0, 0},
    {MPI_INT16_T, "MPI_INT16_T", INTEGER, 1, 0},
    {MPI_UINT16_T, "MPI_UINT16_T", INTEGER, 0, 0},
    {MPI_INT32_T, "MPI_INT32_T", INTEGER, 1, 0},
    {MPI_UINT32_T, "MPI_UINT32_T", INTEGER, 0, 0},
    {MPI_INT64_T, "MPI_INT64_T", INTEGER, 1, 0},
    {MPI_UINT64_T, "MPI_UINT64_T", INTEGER, 0, 0},
    {MPI_FLOAT, "MPI_FLOAT", FLOATING, 1, 0},
    {MPI_DOUBLE, "MPI_DOUBLE", FLOATING, 1, 0},
    {MPI_LONG_DOUBLE, "MPI_LONG_DOUBLE", FLOATING, 1, 10},
    {MPI_C_BOOL, "MPI_C_BOOL", BOOLEAN, 0, 0},
    {MPI_BYTE, "MPI_BYTE", BYTES, 0, 0},
    {MPI_C_FLOAT_COMPLEX, "MPI_C_FLOAT_COMPLEX", COMPLEX, 1, 0},
    {MPI_C_DOUBLE_COMPLEX, "MPI_C_DOUBLE_COMPLEX", COMPLEX, 1, 0},
    {MPI_2INT, "MPI_2INT", PAIR, 0, 0},
    {MPI_DOUBLE_INT, "MPI_DOUBLE_INT", PAIR, 0, 12},
    {MPI_FLOAT_INT, "MPI_FLOAT_INT", PAIR, 0, 0},
    {MPI_LONG_INT, "MPI_LONG_INT", PAIR, 0, 12},
    {MPI_SHORT_INT, "MPI_SHORT_INT", PAIR, 0, 0},
};

struct OpName {
    MPI_Op op;
    const char* name;
};
static const struct OpName kIntegerOps[] = {
    {MPI_SUM, "MPI_SUM"}, {MPI_PROD, "MPI_PROD"}, {MPI_MIN, "MPI_MIN"}, {MPI_MAX, "MPI_MAX"},
    {MPI_LAND, "MPI_LAND"}, {MPI_LOR, "MPI_LOR"}, {MPI_LXOR, "MPI_LXOR"}, {MPI_BAND, "MPI_BAND"},
    {MPI_BOR, "MPI_BOR"}, {MPI_BXOR, "MPI_BXOR"}, {MPI_OP_NULL, NULL}};
static const struct OpName kFloatOps[] = {{MPI_SUM, "MPI_SUM"}, {MPI_PROD, "MPI_PROD"},
                                          {MPI_MIN, "MPI_MIN"}, {MPI_MAX, "MPI_MAX"},
                                          {MPI_OP_NULL, NULL}};
static const struct OpName kBoolOps[] = {
    {MPI_LAND, "MPI_LAND"}, {MPI_LOR, "MPI_LOR"}, {MPI_LXOR, "MPI_LXOR"}, {MPI_OP_NULL, NULL}};
static const struct OpName kByteOps[] = {
    {MPI_BAND, "MPI_BAND"}, {MPI_BOR, "MPI_BOR"}, {MPI_BXOR, "MPI_BXOR"}, {MPI_OP_NULL, NULL}};
static const struct OpName kComplexOps[] = {{MPI_SUM, "MPI_SUM"}, {MPI_PROD, "MPI_PROD"},
                                            {MPI_OP_NULL, NULL}};
static const struct OpName kPairOps[] = {{MPI_MINLOC, "MPI_MINLOC"}, {MPI_MAXLOC, "MPI_MAXLOC"},
                                         {MPI_OP_NULL, NULL}};

static const struct OpName* opsOf(enum Kind k) {
    switch (k) {
    case INTEGER: return kIntegerOps;
    case FLOATING: return kFloatOps;
    case BOOLEAN: return kBoolOps;
    case BYTES: return kByteOps;
    case COMPLEX: return kComplexOps;
    default: return kPairOps;
    }
}

/* Floating values compared and hashed as numbers: the sign of a zero result depends on the
 * order of evaluation, which the standard leaves to the implementation. */
static int floatingValue(MPI_Datatype t, const void* p, long double* re, long double* im) {
    *im = 0;
    if (t == MPI_FLOAT) *re = *(const float*)p;
    else if (t == MPI_DOUBLE) *re = *(const double*)p;
    else if (t == MPI_LONG_DOUBLE) *re = *(const long double*)p;
    else if (t == MPI_C_FLOAT_COMPLEX) { *re = crealf(*(const float _Complex*)p); *im = cimagf(*(const float _Complex*)p); }
    else if (t == MPI_C_DOUBLE_COMPLEX) { *re = creal(*(const double _Complex*)p); *im = cimag(*(const double _Complex*)p); }
    else return 0;
    *re += 0.0L; /* -0 -> +0 */
    *im += 0.0L;
    return 1;
}

/* Compares `count` elements of `extent` bytes, `valueBytes` of each (all when 0). */
static int same(MPI_Datatype t, const void* a, const void* b, int count, MPI_Aint extent,
                int valueBytes) {
    const size_t span = valueBytes > 0 ? (size_t)valueBytes : (size_t)extent;
    for (int i = 0; i < count; ++i) {
        long double ra = 0, ia = 0, rb = 0, ib = 0;
        if (floatingValue(t, (const char*)a + i * extent, &ra, &ia)) {
            floatingValue(t, (const char*)b + i * extent, &rb, &ib);
            if (ra != rb || ia != ib) {
                return 0;
            }
            continue;
        }
        if (memcmp((const char*)a + i * extent, (const char*)b + i * extent, span) != 0) {
            return 0;
        }
    }
    return 1;
}

/* One reduction through MPI_Reduce (the library, where preloaded) and through PMPI_Reduce,
 * the root's results compared; with `inPlace` the root's value starts in its receive buffer.
 * `countable`: whether the library takes the call over (it is counted in "calls"). */
static void reduceBoth(const char* where, const void* send, int count, MPI_Datatype type,
                       MPI_Aint extent, int valueBytes, MPI_Op op, int root, MPI_Comm comm,
                       int inPlace, int countable) {
    int rank;
    MPI_Comm_rank(comm, &rank);
    const size_t bytes = (size_t)count * (size_t)extent;
    char* got = calloc(bytes + 1, 1);
    char* want = calloc(bytes + 1, 1);
    if (inPlace && rank == root) {
        memcpy(got, send, bytes);
        MPI_Reduce(MPI_IN_PLACE, got, count, type, op, root, comm);
    } else {
        MPI_Reduce(send, got, count, type, op, root, comm);
    }
    if (countable) {
        ++g_calls;
    }
    PMPI_Reduce(send, want, count, type, op, root, comm);
    if (rank == root) {
        if (!same(type, got, want, count, extent, valueBytes)) {
            fail(inPlace ? "differs from PMPI_Reduce (in place)" : "differs from PMPI_Reduce",
                 where, root, count);
        }
        for (int i = 0; i < count; ++i) {
            long double re, im;
            if (floatingValue(type, got + i * extent, &re, &im)) {
                const double parts[2] = {(double)re, (double)im};
                digest(parts, sizeof parts);
            } else {
                digest(got + i * extent, valueBytes > 0 ? (size_t)valueBytes : (size_t)extent);
            }
        }
    }
    free(got);
    free(want);
}

/* Every predefined datatype with every operation defined on it, on `comm`. */
static void predefinedCases(MPI_Comm comm, const char* commName) {
    int size;
    MPI_Comm_size(comm, &size);
    int rank;
    MPI_Comm_rank(comm, &rank);
    int c = 0;
    for (size_t t = 0; t < sizeof kTypes / sizeof kTypes[0]; ++t) {
        const struct Type* type = &kTypes[t];
        MPI_Aint lb, extent;
        MPI_Type_get_extent(type->type, &lb, &extent);
        for (const struct OpName* o = opsOf(type->kind); o->name != NULL; ++o, ++c) {
            /* One call per pair, 17 elements or one in turn. */
            for (int k = c % 2; k == c % 2; ++k) {
                const int count = k == 0 ? 17 : 1;
                char* send = calloc((size_t)count * (size_t)extent, 1);
                for (int i = 0; i < count; ++i) {
                    store(type, send + i * extent, valueFor(o->op, rank, i, type->isSigned), rank);
                }
                char where[160];
                snprintf(where, sizeof where, "%s %s on %s", type->name, o->name, commName);
                const int root = (c + k) % 2 == 0 ? (c / 2) % size : size - 1;
                reduceBoth(where, send, count, type->type, extent, type->valueBytes, o->op, root,
                           comm, (c + k) % 3 == 0, 1);
                free(send);
            }
        }
    }
}

/* ---- derived datatypes and user-defined operations */

/* 2x2 matrices of unsigned (arithmetic modulo 2^32: exact in every order of evaluation), each
 * stored as a vector type with a hole between its rows: {a b . c d}. */
static MPI_Datatype g_matrix;
static MPI_Aint g_matrixExtent;
static void matmul(const unsigned* x, const unsigned* y, unsigned* out) { /* out = x * y */
    const unsigned a = x[0] * y[0] + x[1] * y[3], b = x[0] * y[1] + x[1] * y[4];
    const unsigned c = x[3] * y[0] + x[4] * y[3], d = x[3] * y[1] + x[4] * y[4];
    out[0] = a; out[1] = b; out[3] = c; out[4] = d;
}
/* MPI's order: inout = in (the lower ranks' value) op inout. */
static void matmulOp(void* in, void* inout, int* len, MPI_Datatype* type) {
    (void)type;
    for (int i = 0; i < *len; ++i) {
        unsigned* x = (unsigned*)((char*)in + i * g_matrixExtent);
        unsigned* y = (unsigned*)((char*)inout + i * g_matrixExtent);
        matmul(x, y, y);
    }
}

/* A struct with holes {int a; double b; char c}: a summed, b the maximum, c xor-ed. */
struct Mixed {
    int a;
    double b;
    char c;
};
static void mixedOp(void* in, void* inout, int* len, MPI_Datatype* type) {
    (void)type;
    struct Mixed* x = in;
    struct Mixed* y = inout;
    for (int i = 0; i < *len; ++i) {
        y[i].a += x[i].a;
        y[i].b = x[i].b > y[i].b ? x[i].b : y[i].b;
        y[i].c ^= x[i].c;
    }
}

/* Left projection on int (x op y = x), associative and non-commutative: the result is the
 * value of rank 0 of the communicator whatever the tree, if the order is kept. */
static void firstOp(void* in, void* inout, int* len, MPI_Datatype* type) {
    (void)type;
    memcpy(inout, in, (size_t)*len * sizeof(int));
}

static MPI_Op g_matmul, g_mixed, g_first;
static MPI_Datatype g_mixedType;

static void derivedCases(MPI_Comm comm, const char* commName) {
    int size, rank;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    char where[160];
    const int counts[2] = {1, 40};
    for (int k = 0; k < 2; ++k) {
        const int count = counts[k];
        for (int root = 0; root < size; root += (size > 2 ? size - 1 : 1)) {
            /* The matrix product against the serial product of every rank's matrices. */
            unsigned* mine = calloc((size_t)count, (size_t)g_matrixExtent);
            for (int i = 0; i < count; ++i) {
                unsigned* m = (unsigned*)((char*)mine + i * g_matrixExtent);
                m[0] = 3u * (unsigned)rank + (unsigned)i + 1u; m[1] = 2u * (unsigned)rank + 5u;
                m[3] = (unsigned)(rank * rank) + 7u * (unsigned)i; m[4] = (unsigned)rank + 2u;
                m[2] = 0u;
            }
            snprintf(where, sizeof where, "2x2 matrix product (vector type, user op) on %s", commName);
            reduceBoth(where, mine, count, g_matrix, g_matrixExtent, 0, g_matmul, root, comm,
                       k == 1, 1);
            unsigned* all = calloc((size_t)count * (size_t)size, (size_t)g_matrixExtent);
            MPI_Allgather(mine, count, g_matrix, all, count, g_matrix, comm);
            unsigned* got = calloc((size_t)count, (size_t)g_matrixExtent);
            MPI_Reduce(mine, got, count, g_matrix, g_matmul, root, comm);
            ++g_calls;
            if (rank == root) {
                for (int i = 0; i < count; ++i) {
                    unsigned serial[5];
                    memcpy(serial, (char*)all + i * g_matrixExtent, sizeof serial);
                    for (int r = 1; r < size; ++r) {
                        matmul(serial, (unsigned*)((char*)all + ((size_t)r * (size_t)count + (size_t)i) * (size_t)g_matrixExtent), serial);
                    }
                    const unsigned* g = (const unsigned*)((char*)got + i * g_matrixExtent);
                    if (g[0] != serial[0] || g[1] != serial[1] || g[3] != serial[3] || g[4] != serial[4]) {
                        fail("2x2 matrix product differs from the serial product", commName, root, count);
                        break;
                    }
                }
            }
            free(got);
            free(all);
            free(mine);

            /* The struct with holes and a commutative user operation. */
            struct Mixed* mixed = calloc((size_t)count, sizeof(struct Mixed));
            for (int i = 0; i < count; ++i) {
                mixed[i].a = rank * 3 + i;
                mixed[i].b = (double)((rank * 7 + i) % 5);
                mixed[i].c = (char)(rank * 5 + i);
            }
            snprintf(where, sizeof where, "struct type with holes, user op on %s", commName);
            reduceBoth(where, mixed, count, g_mixedType, (MPI_Aint)sizeof(struct Mixed),
                       (int)offsetof(struct Mixed, c) + 1, g_mixed, root, comm, k == 0, 1);
            free(mixed);

            /* Left projection: non-commutative on a predefined type. */
            int* first = malloc((size_t)count * sizeof(int));
            for (int i = 0; i < count; ++i) {
                first[i] = 100 * rank + i;
            }
            snprintf(where, sizeof where, "left projection (non-commutative user op) on %s", commName);
            reduceBoth(where, first, count, MPI_INT, (MPI_Aint)sizeof(int), 0, g_first, root, comm,
                       k == 1, 1);
            free(first);
        }
    }
}

/* ---- communicators */

static void runOn(MPI_Comm comm, const char* name) {
    predefinedCases(comm, name);
    derivedCases(comm, name);
}

/* Every root and MPI_IN_PLACE at each, on one datatype. */
static void everyRoot(MPI_Comm comm, const char* name) {
    int size, rank;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    long send[3] = {rank + 1, 2 * rank - 3, rank * rank};
    for (int root = 0; root < size; ++root) {
        reduceBoth(name, send, 3, MPI_LONG, (MPI_Aint)sizeof(long), 0, MPI_SUM, root, comm,
                   root % 2, 1);
        reduceBoth(name, send, 3, MPI_LONG, (MPI_Aint)sizeof(long), 0, MPI_MAX, root, comm,
                   1 - root % 2, 1);
    }
}

struct ThreadWork {
    MPI_Comm comm;
    const char* name;
    long calls;
};

static void* threadBody(void* p) {
    struct ThreadWork* w = p;
    int rank;
    MPI_Comm_rank(w->comm, &rank);
    for (int round = 0; round < 6; ++round) {
        int v[4] = {rank + round, rank * round, 7 - rank, round};
        int got[4], want[4];
        MPI_Reduce(v, got, 4, MPI_INT, MPI_SUM, round % 2, w->comm);
        ++w->calls;
        PMPI_Reduce(v, want, 4, MPI_INT, MPI_SUM, round % 2, w->comm);
        if (rank == round % 2 && memcmp(got, want, sizeof got) != 0) {
            fail("differs from PMPI_Reduce (two threads)", w->name, round % 2, 4);
        }
    }
    return NULL;
}

int main(int argc, char** argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);

    MPI_Type_vector(2, 2, 3, MPI_UNSIGNED, &g_matrix);
    MPI_Type_commit(&g_matrix);
    MPI_Aint lb;
    MPI_Type_get_extent(g_matrix, &lb, &g_matrixExtent);
    MPI_Op_create(matmulOp, 0, &g_matmul);
    MPI_Op_create(mixedOp, 1, &g_mixed);
    MPI_Op_create(firstOp, 0, &g_first);
    {
        const int lengths[3] = {1, 1, 1};
        const MPI_Aint offsets[3] = {offsetof(struct Mixed, a), offsetof(struct Mixed, b),
                                     offsetof(struct Mixed, c)};
        const MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
        MPI_Datatype raw;
        MPI_Type_create_struct(3, lengths, offsets, types, &raw);
        MPI_Type_create_resized(raw, 0, (MPI_Aint)sizeof(struct Mixed), &g_mixedType);
        MPI_Type_commit(&g_mixedType);
        MPI_Type_free(&raw);
    }

    if (argc > 1 && strcmp(argv[1], "trace") == 0) {
        /* Three reductions for REDUCELAB_TRACE: on MPI_COMM_WORLD at root 0, the matrix product
         * at the last rank, and on the even and odd ranks (each half at its rank 0). */
        long v = g_rank, sum = 0;
        MPI_Reduce(&v, &sum, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
        unsigned m[5] = {1u, (unsigned)g_rank, 0u, 0u, 1u}, product[5];
        MPI_Reduce(m, product, 1, g_matrix, g_matmul, g_size - 1, MPI_COMM_WORLD);
        MPI_Comm half;
        MPI_Comm_split(MPI_COMM_WORLD, g_rank % 2, g_rank, &half);
        MPI_Reduce(&v, &sum, 1, MPI_LONG, MPI_SUM, 0, half);
        MPI_Comm_free(&half);
        MPI_Finalize();
        return 0;
    }
    runOn(MPI_COMM_WORLD, "MPI_COMM_WORLD");
    everyRoot(MPI_COMM_WORLD, "MPI_LONG every root on MPI_COMM_WORLD");
    everyRoot(MPI_COMM_SELF, "MPI_COMM_SELF");

    /* A duplicate, and communicators made, used and freed again (the library's state goes with
     * them: MPI calls its delete callback). */
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    derivedCases(dup, "a duplicate of MPI_COMM_WORLD");
    for (int again = 0; again < 2; ++again) {
        MPI_Comm once;
        MPI_Comm_dup(dup, &once);
        everyRoot(once, "a duplicate freed after use");
        MPI_Comm_free(&once);
    }

    /* Split: even and odd ranks in reverse order (their reductions run at the same time), and
     * a communicator of rank 0 alone beside the others. */
    MPI_Comm parity, alone;
    MPI_Comm_split(MPI_COMM_WORLD, g_rank % 2, -g_rank, &parity);
    MPI_Comm_split(MPI_COMM_WORLD, g_rank == 0, g_rank, &alone);
    runOn(parity, "even and odd ranks, reversed (split)");
    everyRoot(alone, "rank 0 alone and the others (split)");

    /* Overlapping calls on different communicators: each rank alternates between its half's
     * communicator and the duplicate of the world, so that a reduction on one half is under way
     * while the other half's processes are already in the next one elsewhere. */
    for (int round = 0; round < 2; ++round) {
        everyRoot(parity, "alternating: the halves");
        long v = g_rank + round, got = 0, want = 0;
        MPI_Reduce(&v, &got, 1, MPI_LONG, MPI_SUM, round % g_size, dup);
        ++g_calls;
        PMPI_Reduce(&v, &want, 1, MPI_LONG, MPI_SUM, round % g_size, dup);
        if (g_rank == round % g_size && got != want) {
            fail("differs from PMPI_Reduce (alternating)", "the duplicate", round % g_size, 1);
        }
    }

    /* The program's own wildcard receive, pending on MPI_COMM_WORLD across reductions there:
     * it must get the program's message, not one of the library's. */
    {
        long incoming = -1;
        MPI_Request request;
        MPI_Irecv(&incoming, 1, MPI_LONG, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &request);
        everyRoot(MPI_COMM_WORLD, "with a wildcard receive pending");
        const long magic = 424242 + g_rank;
        MPI_Send(&magic, 1, MPI_LONG, (g_rank + 1) % g_size, 7, MPI_COMM_WORLD);
        MPI_Status status;
        MPI_Wait(&request, &status);
        const int from = (g_rank + g_size - 1) % g_size;
        if (incoming != 424242 + from || status.MPI_TAG != 7 || status.MPI_SOURCE != from) {
            fail("the program's wildcard receive got another message", "MPI_COMM_WORLD", 0, 1);
        }
    }

    /* Two threads, each reducing on its own communicator at the same time. */
    if (provided == MPI_THREAD_MULTIPLE) {
        MPI_Comm second;
        MPI_Comm_dup(MPI_COMM_WORLD, &second);
        struct ThreadWork work[2] = {{dup, "thread 1", 0}, {second, "thread 2", 0}};
        pthread_t thread;
        pthread_create(&thread, NULL, threadBody, &work[1]);
        threadBody(&work[0]);
        pthread_join(thread, NULL);
        g_calls += work[0].calls + work[1].calls;
        MPI_Comm_free(&second);
    }

    /* Passed to the MPI library: an intercommunicator between the halves, and count 0. */
    if (g_size >= 2) {
        MPI_Comm inter;
        const int low = g_rank < g_size / 2;
        MPI_Comm half;
        MPI_Comm_split(MPI_COMM_WORLD, low, g_rank, &half);
        MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, low ? g_size / 2 : 0, 11, &inter);
        int halfRank;
        MPI_Comm_rank(half, &halfRank);
        /* The low group's rank 0 is the root; the high group sends. */
        int root = low ? (halfRank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
        int v = g_rank + 1, got = 0, want = 0;
        MPI_Reduce(&v, &got, 1, MPI_INT, MPI_SUM, root, inter);
        PMPI_Reduce(&v, &want, 1, MPI_INT, MPI_SUM, root, inter);
        if (root == MPI_ROOT && got != want) {
            fail("differs from PMPI_Reduce", "an intercommunicator", 0, 1);
        }
        MPI_Comm_free(&inter);
        MPI_Comm_free(&half);
    }
    {
        int none = 0;
        MPI_Reduce(&none, &none, 0, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }

    int failures = 0;
    MPI_Allreduce(&g_failures, &failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    uint64_t* digests = g_rank == 0 ? malloc(sizeof(uint64_t) * (size_t)g_size) : NULL;
    MPI_Gather(&g_digest, 1, MPI_UINT64_T, digests, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (g_rank == 0) {
        g_digest = 1469598103934665603ULL;
        digest(digests, sizeof(uint64_t) * (size_t)g_size);
        printf("calls %ld\ndigest %016llx\nthreads %s\n", g_calls, (unsigned long long)g_digest,
               provided == MPI_THREAD_MULTIPLE ? "multiple" : "single");
        fflush(stdout);
        free(digests);
    }
    MPI_Op_free(&g_matmul);
    MPI_Op_free(&g_mixed);
    MPI_Op_free(&g_first);
    MPI_Type_free(&g_matrix);
    MPI_Type_free(&g_mixedType);
    MPI_Comm_free(&parity);
    MPI_Comm_free(&alone);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return failures == 0 ? 0 : 1;
}
