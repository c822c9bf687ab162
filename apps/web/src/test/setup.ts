import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy screens and dialogs load in real module imports: on a shared, loaded machine 1 s is not always enough.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
