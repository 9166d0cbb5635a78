// The GUI's one async primitive (ui/common/async_job.h): the latest job wins (a superseded job's
// results never arrive), cancel keeps what was delivered, a failure arrives with its message and
// never as a result, partial results arrive in order before the final one (which is not sent
// twice), progress is reported, discard forgets at once, and destruction waits for the work.
#include "base/input_error.h"
#include "common/async_job.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace rl;

namespace {

using IntJob = AsyncJob<int>;

std::shared_ptr<const int> value(int v) {
    return std::make_shared<const int>(v);
}

// Everything a job emitted, in order.
struct Recorder {
    std::vector<int> results;
    std::vector<QString> failures;
    std::vector<bool> running;
    std::vector<double> fractions;

    explicit Recorder(IntJob& job) {
        QObject::connect(&job, &AsyncJobBase::resultReady,
                         [this, &job] { results.push_back(*job.latest()); });
        QObject::connect(&job, &AsyncJobBase::failed,
                         [this](const QString& m) { failures.push_back(m); });
        QObject::connect(&job, &AsyncJobBase::runningChanged,
                         [this](bool r) { running.push_back(r); });
        QObject::connect(&job, &AsyncJobBase::progressChanged,
                         [this](double f, double) { fractions.push_back(f); });
    }
};

void waitUntil(const std::atomic<bool>& flag) {
    while (!flag.load()) {
        std::this_thread::yield();
    }
}

} // namespace

class TestAsyncJob : public QObject {
    Q_OBJECT
  private slots:
    void deliversTheFinalResult() {
        IntJob job;
        Recorder rec(job);
        job.start([](IntJob::Context&) { return value(7); });
        QVERIFY(job.isRunning());
        job.waitForIdle();
        QVERIFY(!job.isRunning());
        QVERIFY(job.isComplete());
        QCOMPARE(rec.results, std::vector<int>{7});
        QCOMPARE(rec.running, (std::vector<bool>{true, false}));
        QCOMPARE(rec.fractions.back(), 1.0);
        // The queued signals of the finished job arrive later: nothing is delivered twice.
        QTest::qWait(50);
        QCOMPARE(rec.results, std::vector<int>{7});
        QCOMPARE(rec.running, (std::vector<bool>{true, false}));
    }

    void latestWins() {
        IntJob job;
        Recorder rec(job);
        std::atomic<bool> release{false};
        std::atomic<bool> firstStarted{false};
        job.start([&](IntJob::Context& c) {
            firstStarted = true;
            waitUntil(release);
            c.partial(value(1)); // sent after being superseded: never delivered
            return value(2);
        });
        waitUntil(firstStarted);
        const quint64 first = job.generation();
        job.start([](IntJob::Context&) { return value(3); });
        QCOMPARE(job.generation(), first + 1);
        release = true;
        job.waitForIdle();
        QTest::qWait(100); // whatever the first job sent in its queue
        QCOMPARE(rec.results, std::vector<int>{3});
        QCOMPARE(*job.latest(), 3);
        // One running period for the two starts: superseding does not stop and restart it.
        QCOMPARE(rec.running, (std::vector<bool>{true, false}));
    }

    void cancelKeepsWhatWasDelivered() {
        IntJob job;
        Recorder rec(job);
        std::atomic<bool> sent{false};
        job.start([&](IntJob::Context& c) -> IntJob::Result {
            c.partial(value(1));
            sent = true;
            while (!c.cancelled()) {
                std::this_thread::yield();
            }
            return nullptr; // stopped
        });
        waitUntil(sent);
        QTRY_COMPARE(rec.results, std::vector<int>{1});
        job.cancel();
        job.waitForIdle();
        QVERIFY(!job.isRunning());
        QVERIFY(!job.isComplete());
        QCOMPARE(*job.latest(), 1);
        QVERIFY(rec.failures.empty());
        QCOMPARE(rec.running, (std::vector<bool>{true, false}));
        QVERIFY(rec.fractions.empty() || rec.fractions.back() < 1.0);
    }

    void failureArrivesWithItsMessage() {
        IntJob job;
        Recorder rec(job);
        job.start([](IntJob::Context&) -> IntJob::Result {
            throw InputError("n = 0: the number of processors must be between 1 and 16777216");
        });
        job.waitForIdle();
        QCOMPARE(rec.failures.size(), std::size_t{1});
        QCOMPARE(rec.failures.front(),
                 QString("n = 0: the number of processors must be between 1 and 16777216"));
        QCOMPARE(job.failure(), rec.failures.front());
        QVERIFY(rec.results.empty());
        QVERIFY(!job.latest());
        QVERIFY(!job.isComplete());
        // An internal error is a failure too, never a crash of the GUI.
        job.start([](IntJob::Context&) -> IntJob::Result { throw std::runtime_error("bug"); });
        job.waitForIdle();
        QCOMPARE(job.failure(), QString("bug"));
        // A new start forgets the old failure.
        job.start([](IntJob::Context&) { return value(1); });
        QVERIFY(job.failure().isEmpty());
        job.waitForIdle();
        QVERIFY(job.failure().isEmpty());
    }

    void partialResultsInOrder() {
        IntJob job;
        Recorder rec(job);
        job.start([](IntJob::Context& c) {
            c.partial(value(1));
            c.progress(1, 3);
            c.partial(value(2));
            c.progress(2, 3);
            auto last = value(3);
            c.partial(last);
            return last; // the last partial is the final one: not sent again
        });
        job.waitForIdle();
        QTest::qWait(50);
        QCOMPARE(rec.results, (std::vector<int>{1, 2, 3}));
        QVERIFY(job.isComplete());
        QVERIFY(!rec.fractions.empty());
        QCOMPARE(rec.fractions.front(), 0.0);
        QCOMPARE(rec.fractions.back(), 1.0);
        for (double f : rec.fractions) {
            QVERIFY(f >= 0.0 && f <= 1.0);
        }
    }

    void progressReachesTheOwner() {
        IntJob job;
        Recorder rec(job);
        std::atomic<bool> reported{false};
        std::atomic<bool> release{false};
        job.start([&](IntJob::Context& c) {
            c.progress(1, 4);
            reported = true;
            waitUntil(release);
            return value(0);
        });
        waitUntil(reported);
        QTRY_VERIFY(std::find(rec.fractions.begin(), rec.fractions.end(), 0.25) !=
                    rec.fractions.end());
        release = true;
        job.waitForIdle();
    }

    void discardForgetsAtOnce() {
        IntJob job;
        Recorder rec(job);
        std::atomic<bool> release{false};
        job.start([&](IntJob::Context& c) {
            c.partial(value(1));
            waitUntil(release);
            return value(2);
        });
        QTRY_COMPARE(rec.results, std::vector<int>{1});
        job.discard();
        QVERIFY(!job.isRunning());
        QVERIFY(!job.latest());
        QCOMPARE(rec.running, (std::vector<bool>{true, false}));
        release = true;
        job.waitForIdle();
        QTest::qWait(100);
        QCOMPARE(rec.results, std::vector<int>{1}); // its final result never arrives
    }

    void destructionWaitsForTheWork() {
        std::atomic<bool> finished{false};
        std::atomic<bool> started{false};
        {
            IntJob job;
            job.start([&](IntJob::Context& c) -> IntJob::Result {
                started = true;
                while (!c.cancelled()) {
                    std::this_thread::yield();
                }
                finished = true;
                return nullptr;
            });
            waitUntil(started);
        }
        QVERIFY(finished.load()); // cancelled and waited for: no work outlives its owner
    }
};

QTEST_MAIN(TestAsyncJob)
#include "test_async_job.moc"
