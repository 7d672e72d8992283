package dev.petrel.server.bench;

import dev.petrel.client.ClientException;
import dev.petrel.common.time.Clock;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * What {@code bench produce}, {@code consume} and {@code e2e} share: turn the options into a {@link BenchPlan}, run it,
 * print the summary and the {@code RESULT} line, append the JSON to {@code --result-file}. Exit codes: 0 after a run
 * (whatever its error count), 1 when it could not run (no route, unreachable NameServer), 2 for a bad command line.
 */
abstract class LoadCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    TargetOptions target;

    @Mixin
    RunOptions run;

    /** The run's plan from the options. @throws IllegalArgumentException naming the option that is wrong */
    protected abstract BenchPlan plan();

    protected final Workload workload() {
        return Workload.valueOf(spec.name().toUpperCase(java.util.Locale.ROOT));
    }

    /** The plan with what every workload shares filled in from the options. */
    protected final BenchPlan plan(BenchPlan.ProducerPlan producer, BenchPlan.ConsumerPlan consumer,
                                   double drainSeconds) {
        return new BenchPlan(workload(), target.namesrvAddr, target.topic, run.label, seconds(run.warmupSeconds),
            seconds(run.durationSeconds), seconds(run.intervalSeconds), Duration.ofSeconds(target.routeTimeoutSeconds),
            seconds(drainSeconds), target.topicSetup(), producer, consumer, run.resultFile);
    }

    private static Duration seconds(double value) {
        return Duration.ofMillis(Math.round(value * 1000));
    }

    @Override
    public Integer call() {
        // The log file is logs/bench.log; nothing has touched SLF4J before (see Launcher).
        if (System.getProperty("petrel.role") == null) {
            System.setProperty("petrel.role", "bench");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        BenchPlan plan;
        BrokerProbe probe;
        try {
            plan = plan();
            probe = run.brokerPid == null ? null : BrokerProbe.of(run.brokerPid);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        BenchResult result;
        try {
            result = new BenchRun(plan, Clock.system(), out, ThreadLocalRandom.current().nextLong(), probe).run();
        } catch (BenchFailure | ClientException e) {
            err.println("petrel bench " + spec.name() + " failed: " + e.getMessage());
            err.flush();
            return 1;
        }
        out.print(ProgressFormat.summary(result, plan.warmup().toMillis() / 1000.0));
        out.println(result.line());
        out.flush();
        if (plan.resultFile() != null) {
            try {
                Files.writeString(plan.resultFile(), result.json() + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                err.println("petrel bench: cannot append the result to " + plan.resultFile() + ": " + e.getMessage());
                err.flush();
                return 1;
            }
        }
        return 0;
    }
}
