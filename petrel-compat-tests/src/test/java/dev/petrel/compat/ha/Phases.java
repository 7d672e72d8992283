package dev.petrel.compat.ha;

/** Prints how long each phase of a test took (for the wall times in reports; nothing is asserted about them). */
final class Phases {

    private final String name;
    private final long start = System.nanoTime();
    private long last = start;

    Phases(String name) {
        this.name = name;
    }

    void done(String phase) {
        long now = System.nanoTime();
        System.out.printf("[%s] %s: +%d ms (total %d ms)%n", name, phase, (now - last) / 1_000_000,
            (now - start) / 1_000_000);
        last = now;
    }
}
