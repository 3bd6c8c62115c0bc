package dev.blockwipe.engine.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.DirectBuffers;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class BufferPoolTest {
    private static final int MIB = 1 << 20;
    private static final IntFunction<ByteBuffer> PLAIN = DirectBuffers::aligned;

    @Test
    void aLeaseWithinTheBudgetGetsEverythingItWants() {
        BufferPool pool = new BufferPool(64L * MIB);
        try (BufferPool.Lease lease = pool.lease(4 * MIB, 8, 1, PLAIN)) {
            assertThat(lease.buffers()).hasSize(8).allSatisfy(b -> {
                assertThat(b.capacity()).isEqualTo(4 * MIB);
                assertThat(b.isDirect()).isTrue();
                assertThat(b.alignmentOffset(0, 4096)).isZero();
            });
            assertThat(pool.leased()).isEqualTo(32L * MIB);
        }
        assertThat(pool.leased()).isZero();
    }

    /** A dozen jobs share one budget: the later ones get what is left, but always their minimum. */
    @Test
    void whenTheBudgetIsShortLaterLeasesGetFewerButNeverLessThanTheirMinimum() {
        BufferPool pool = new BufferPool(16L * MIB);
        BufferPool.Lease first = pool.lease(4 * MIB, 3, 1, PLAIN);
        BufferPool.Lease second = pool.lease(4 * MIB, 3, 1, PLAIN);
        BufferPool.Lease third = pool.lease(4 * MIB, 3, 2, PLAIN);

        assertThat(first.buffers()).hasSize(3);
        assertThat(second.buffers()).as("what was left of the budget").hasSize(1);
        assertThat(third.buffers()).as("its minimum, beyond the budget").hasSize(2);
        assertThat(pool.allocated()).isEqualTo(24L * MIB);
        List.of(first, second, third).forEach(BufferPool.Lease::close);
        assertThat(pool.allocated()).as("given back down to the budget").isLessThanOrEqualTo(16L * MIB);
    }

    /**
     * Making a buffer zeroes its memory, slow on a machine busy writing other disks: one job's new
     * buffers must not hold up another job's lease.
     */
    @Test
    void aLeaseDoesNotWaitWhileAnotherMakesItsBuffers() throws Exception {
        CountDownLatch making = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        BufferPool pool = new BufferPool(64L * MIB);
        IntFunction<ByteBuffer> held = size -> {
            if (size == 8 * MIB) {
                making.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return DirectBuffers.aligned(size);
        };
        ExecutorService jobs = Executors.newFixedThreadPool(2);
        try {
            Future<BufferPool.Lease> slow = jobs.submit(() -> pool.lease(8 * MIB, 2, 1, held));
            assertThat(making.await(30, TimeUnit.SECONDS)).isTrue();

            try (BufferPool.Lease other = jobs.submit(() -> pool.lease(4 * MIB, 2, 1, PLAIN)).get(30, TimeUnit.SECONDS)) {
                assertThat(other.buffers()).hasSize(2);
                assertThat(pool.leased()).as("both leases counted").isEqualTo(24L * MIB);
            }
            release.countDown();
            try (BufferPool.Lease done = slow.get(30, TimeUnit.SECONDS)) {
                assertThat(done.buffers()).hasSize(2);
            }
        } finally {
            release.countDown();
            jobs.shutdownNow();
        }
        assertThat(pool.leased()).isZero();
    }

    @Test
    void aBufferThatCannotBeMadeLeavesNothingLeasedOrCounted() {
        int[] made = {0};
        BufferPool pool = new BufferPool(64L * MIB);
        IntFunction<ByteBuffer> failsSecond = size -> {
            if (made[0]++ == 1) {
                throw new OutOfMemoryError("Cannot reserve 4194304 bytes of direct buffer memory");
            }
            return DirectBuffers.aligned(size);
        };

        assertThatThrownBy(() -> pool.lease(4 * MIB, 3, 1, failsSecond)).isInstanceOf(OutOfMemoryError.class);
        assertThat(pool.leased()).isZero();
        assertThat(pool.allocated()).as("the one made is kept for the next lease").isEqualTo(4L * MIB);
    }

    @Test
    void returnedBuffersAreReusedByTheNextLeaseOfTheirSize() {
        BufferPool pool = new BufferPool(64L * MIB);
        ByteBuffer first;
        try (BufferPool.Lease lease = pool.lease(2 * MIB, 2, 1, PLAIN)) {
            first = lease.buffers().get(0);
            first.position(100);
        }
        try (BufferPool.Lease again = pool.lease(2 * MIB, 2, 1, PLAIN)) {
            assertThat(again.buffers()).anySatisfy(b -> assertThat(b).isSameAs(first));
            assertThat(first.position()).as("cleared when given back").isZero();
            assertThat(pool.allocated()).isEqualTo(4L * MIB);
        }
    }

    @Test
    void keptBuffersOfAnotherSizeMakeRoomForANewSize() {
        BufferPool pool = new BufferPool(8L * MIB);
        pool.lease(4 * MIB, 2, 1, PLAIN).close();
        try (BufferPool.Lease lease = pool.lease(1 * MIB, 8, 1, PLAIN)) {
            assertThat(lease.buffers()).hasSize(8);
            assertThat(pool.allocated()).isEqualTo(8L * MIB);
        }
    }

    @Test
    void closingALeaseTwiceGivesItBackOnce() {
        BufferPool pool = new BufferPool(8L * MIB);
        BufferPool.Lease lease = pool.lease(MIB, 2, 1, PLAIN);
        lease.close();
        lease.close();
        assertThat(pool.leased()).isZero();
        try (BufferPool.Lease again = pool.lease(MIB, 8, 1, PLAIN)) {
            Set<ByteBuffer> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
            distinct.addAll(again.buffers());
            assertThat(distinct).as("no buffer handed out twice").hasSize(8);
        }
    }

    @Test
    void theDefaultBudgetIsAThirtySecondOfTheMemoryBetween64MiBAnd1GiB() {
        assertThat(BufferPool.defaultBudget(24L << 30)).isEqualTo(768L * MIB);
        assertThat(BufferPool.defaultBudget(1L << 30)).isEqualTo(64L * MIB);
        assertThat(BufferPool.defaultBudget(0)).as("memory unknown").isEqualTo(64L * MIB);
        assertThat(BufferPool.defaultBudget(256L << 30)).isEqualTo(1024L * MIB);
    }

    @Test
    void refusesNonsense() {
        assertThatThrownBy(() -> new BufferPool(0)).isInstanceOf(IllegalArgumentException.class);
        BufferPool pool = new BufferPool(8L * MIB);
        assertThatThrownBy(() -> pool.lease(MIB, 1, 2, PLAIN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> pool.lease(0, 1, 1, PLAIN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void jobsThatRunTogetherShareTheBudgetEqually() {
        BufferPool pool = new BufferPool(96L << 20);
        assertThat(pool.share(1)).isEqualTo(96L << 20);
        assertThat(pool.share(12)).isEqualTo(8L << 20);
        assertThatThrownBy(() -> pool.share(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
