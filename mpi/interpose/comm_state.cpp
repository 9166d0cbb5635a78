#include "comm_state.h"

namespace rl {

namespace {

int g_keyval = MPI_KEYVAL_INVALID; // set at MPI_Init, before any reduction

// Called by MPI when the program frees the communicator (and for the predefined ones by
// release()): the duplicate goes with it.
int deleteState(MPI_Comm /*comm*/, int /*keyval*/, void* attribute, void* /*extra*/) {
    auto* state = static_cast<CommState*>(attribute);
    if (state->comm != MPI_COMM_NULL) {
        PMPI_Comm_free(&state->comm);
    }
    delete state;
    return MPI_SUCCESS;
}

void releaseOf(MPI_Comm comm) {
    void* attribute = nullptr;
    int found = 0;
    if (PMPI_Comm_get_attr(comm, g_keyval, &attribute, &found) == MPI_SUCCESS && found != 0) {
        PMPI_Comm_delete_attr(comm, g_keyval);
    }
}

} // namespace

bool CommStates::create() {
    // MPI_COMM_NULL_COPY_FN: a communicator the program duplicates gets its own duplicate on
    // its first reduction, never a copy of this one's.
    return PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, deleteState, &g_keyval, nullptr) ==
           MPI_SUCCESS;
}

void CommStates::release() {
    if (g_keyval == MPI_KEYVAL_INVALID) {
        return;
    }
    releaseOf(MPI_COMM_WORLD);
    releaseOf(MPI_COMM_SELF);
    PMPI_Comm_free_keyval(&g_keyval);
}

int CommStates::of(MPI_Comm comm, CommState** state) {
    void* attribute = nullptr;
    int found = 0;
    if (const int rc = PMPI_Comm_get_attr(comm, g_keyval, &attribute, &found); rc != MPI_SUCCESS) {
        return rc;
    }
    if (found != 0) {
        *state = static_cast<CommState*>(attribute);
        return MPI_SUCCESS;
    }
    auto* made = new CommState;
    if (const int rc = PMPI_Comm_dup(comm, &made->comm); rc != MPI_SUCCESS) {
        delete made;
        return rc;
    }
    if (const int rc = PMPI_Comm_set_attr(comm, g_keyval, made); rc != MPI_SUCCESS) {
        PMPI_Comm_free(&made->comm);
        delete made;
        return rc;
    }
    *state = made;
    return MPI_SUCCESS;
}

} // namespace rl
