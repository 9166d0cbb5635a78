// The job scope (base/job_scope.h): the threads that parallelFor and WorkerThreads start for a
// job see the scope of the thread that started it; a guard restores the previous scope.
#include "base/job_scope.h"
#include "base/parallel_for.h"
#include "experiment/point_job.h"

#include <gtest/gtest.h>

#include <mutex>
#include <set>

using namespace rl;

namespace {
struct Tagged : JobScope {};
} // namespace

TEST(JobScope, GuardSetsAndRestores) {
    EXPECT_EQ(currentJobScope(), nullptr);
    const auto a = std::make_shared<Tagged>();
    {
        const JobScopeGuard outer(a);
        EXPECT_EQ(currentJobScope(), a);
        {
            const JobScopeGuard inner(nullptr);
            EXPECT_EQ(currentJobScope(), nullptr);
        }
        EXPECT_EQ(currentJobScope(), a);
    }
    EXPECT_EQ(currentJobScope(), nullptr);
}

TEST(JobScope, WorkerThreadsInheritIt) {
    const auto scope = std::make_shared<Tagged>();
    const JobScopeGuard guard(scope);
    std::mutex mutex;
    std::set<JobScope*> seen;
    parallelFor(64, 4, [&](std::size_t, unsigned) {
        const std::lock_guard lock(mutex);
        seen.insert(currentJobScope().get());
    });
    {
        WorkerThreads workers(3, [&](unsigned, const std::atomic<bool>&) {
            const std::lock_guard lock(mutex);
            seen.insert(currentJobScope().get());
        });
        workers.stop();
    }
    EXPECT_EQ(seen, std::set<JobScope*>{scope.get()});
}
