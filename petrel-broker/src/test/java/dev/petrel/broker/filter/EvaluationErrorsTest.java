package dev.petrel.broker.filter;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EvaluationErrorsTest {

    @Test
    void everyFailureCountsAndEachDistinctOneIsRememberedOnce() {
        EvaluationErrors errors = new EvaluationErrors();
        for (int i = 0; i < 100; i++) {
            errors.record("g", "T", "a > 5", "cannot convert '5.5' to Integer");
        }
        errors.record("g", "T", "a > 5", "cannot convert 'x' to Integer");
        errors.record("h", "T", "a > 5", "cannot convert 'x' to Integer");
        assertThat(errors.count()).isEqualTo(102);
        assertThat(errors.distinct()).isEqualTo(3);
    }

    @Test
    void distinctFailuresAreBounded() {
        EvaluationErrors errors = new EvaluationErrors();
        for (int i = 0; i < EvaluationErrors.MAX_DISTINCT + 50; i++) {
            errors.record("g", "T", "a > " + i, "reason");
        }
        assertThat(errors.count()).isEqualTo(EvaluationErrors.MAX_DISTINCT + 50);
        assertThat(errors.distinct()).isEqualTo(EvaluationErrors.MAX_DISTINCT);
    }
}
