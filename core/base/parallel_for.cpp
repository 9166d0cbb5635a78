#include "base/parallel_for.h"

#include "base/job_scope.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace rl {

unsigned workerCount(int threads, std::size_t items) {
    const unsigned hw = std::max(1U, std::thread::hardware_concurrency());
    const unsigned wanted = threads > 0 ? static_cast<unsigned>(threads) : hw;
    return static_cast<unsigned>(std::min<std::size_t>(wanted, std::max<std::size_t>(items, 1)));
}

bool parallelFor(std::size_t items, unsigned workers,
                 const std::function<void(std::size_t, unsigned)>& body,
                 const std::function<bool()>& progress) {
    workers = std::max(1U, workers);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancel{false};
    std::mutex mutex;
    std::condition_variable wake;
    unsigned running = workers;
    std::exception_ptr failure;
    const std::shared_ptr<JobScope> scope = jobScopeForWorkers(); // the workers are the job's too
    auto worker = [&](unsigned index) {
        const JobScopeGuard inScope(scope);
        try {
            for (;;) {
                const std::size_t k = next.fetch_add(1);
                if (k >= items || cancel.load(std::memory_order_relaxed)) {
                    break;
                }
                body(k, index);
            }
        } catch (...) {
            std::lock_guard lock(mutex);
            if (!failure) {
                failure = std::current_exception();
            }
            cancel = true;
        }
        std::lock_guard lock(mutex);
        --running;
        wake.notify_all();
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < workers; ++t) {
        pool.emplace_back(worker, t);
    }
    {
        std::unique_lock lock(mutex);
        while (running > 0) {
            wake.wait_for(lock, std::chrono::milliseconds(50));
            if (progress && running > 0) {
                lock.unlock();
                if (!progress()) {
                    cancel = true;
                }
                lock.lock();
            }
        }
    }
    for (std::thread& t : pool) {
        t.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
    return !cancel.load();
}

} // namespace rl
