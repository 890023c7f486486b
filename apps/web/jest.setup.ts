import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait for a condition, never for a time: on a loaded 2-core CI machine the first render of a lazily
// loaded antd drawer can take seconds (its modules are transformed and required on first use), so the one-second
// default gave false failures. The tests still end as soon as the condition holds.
configure({ asyncUtilTimeout: 10_000 });
