package dev.petrel.message.filter;

import java.util.Objects;
import java.util.Optional;

/**
 * The result of compiling a filter expression: either a {@link MessageFilter} or the {@link FilterError} that
 * explains the rejection. Immutable; failures are values so a broker can answer with a response code and a remark,
 * and a cache can keep them.
 */
public final class FilterCompilation {

    private final MessageFilter filter;
    private final FilterError error;

    private FilterCompilation(MessageFilter filter, FilterError error) {
        this.filter = filter;
        this.error = error;
    }

    static FilterCompilation valid(MessageFilter filter) {
        return new FilterCompilation(Objects.requireNonNull(filter), null);
    }

    static FilterCompilation invalid(FilterError error) {
        return new FilterCompilation(null, Objects.requireNonNull(error));
    }

    /** True if the expression compiled. */
    public boolean isValid() {
        return filter != null;
    }

    /**
     * The compiled filter.
     *
     * @throws IllegalStateException with the error message if the expression was rejected
     */
    public MessageFilter filter() {
        if (filter == null) {
            throw new IllegalStateException(error.message());
        }
        return filter;
    }

    /** Why the expression was rejected; empty if it compiled. */
    public Optional<FilterError> error() {
        return Optional.ofNullable(error);
    }

    @Override
    public String toString() {
        return filter != null ? filter.toString() : error.message();
    }
}
