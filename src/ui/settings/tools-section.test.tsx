import { describe, expect, it } from 'vitest';
import { commandTimeLimitMs } from '../../shared/limits';
import { DEFAULT_SETTINGS } from '../../store/types';
import { settingsToSave } from './settings-dialog';
import { toolsProblem } from './tools-section';

describe("Settings' command time limit", () => {
  it('is empty (120 s) or a whole number of seconds from 5 to 3,600', () => {
    expect(toolsProblem({ ...DEFAULT_SETTINGS })).toBeNull();
    expect(toolsProblem({ ...DEFAULT_SETTINGS, commandTimeLimitSeconds: 30 })).toBeNull();
    expect(toolsProblem({ ...DEFAULT_SETTINGS, commandTimeLimitSeconds: 2 })).toBe('The command time limit must be between 5 and 3,600 seconds.');
    expect(toolsProblem({ ...DEFAULT_SETTINGS, commandTimeLimitSeconds: 7.5 })).toBe('The command time limit is a whole number of seconds.');
  });

  it('is saved, and an emptied field goes back to the default', () => {
    const previous = { ...DEFAULT_SETTINGS, commandTimeLimitSeconds: 30 };
    expect(settingsToSave({ ...previous, commandTimeLimitSeconds: 60 }, previous).commandTimeLimitSeconds).toBe(60);
    const emptied = settingsToSave({ ...DEFAULT_SETTINGS }, previous);
    expect('commandTimeLimitSeconds' in emptied && emptied.commandTimeLimitSeconds === undefined).toBe(true);
  });

  it('reaches the shell in milliseconds, the default when absent or unusable (a stored value from elsewhere)', () => {
    expect(commandTimeLimitMs(undefined)).toBe(120_000);
    expect(commandTimeLimitMs(30)).toBe(30_000);
    expect(commandTimeLimitMs(1)).toBe(120_000);
    expect(commandTimeLimitMs(Number.NaN)).toBe(120_000);
  });
});
