import { describe, expect, it } from 'vitest';
import { cronProblem, describeCron } from '../../../common/resources/cron';
import { jobSchema } from '../../../common/resources/job';

describe('describeCron: a 5-field expression in English (GMT)', () => {
  it.each([
    ['*/5 * * * *', 'Every 5 minutes'],
    ['0 6 * * 1', 'At 06:00 GMT on Monday'],
    ['* * * * *', 'Every minute'],
    ['0 * * * *', 'Every hour'],
    ['@hourly', 'Every hour'],
    ['15 * * * *', 'Every hour at minute 15'],
    ['0 */6 * * *', 'Every 6 hours'],
    ['30 */2 * * *', 'Every 2 hours at minute 30'],
    ['30 18 * * *', 'At 18:30 GMT'],
    ['@daily', 'At 00:00 GMT'],
    ['0 6,18 * * *', 'At 06:00 and 18:00 GMT'],
    ['0 8 * * 1-5', 'At 08:00 GMT on Monday through Friday'],
    ['0 8 * * MON-FRI', 'At 08:00 GMT on Monday through Friday'],
    ['0 8 * * 0,6', 'At 08:00 GMT on Sunday and Saturday'],
    ['0 8 * * 7', 'At 08:00 GMT on Sunday'],
    ['0 0 1 * *', 'At 00:00 GMT on day 1 of the month'],
    ['0 0 1,15 * *', 'At 00:00 GMT on day 1 and day 15 of the month'],
    ['0 0 L * *', 'At 00:00 GMT on the last day of the month'],
    ['0 0 1 1 *', 'At 00:00 GMT on day 1 of the month in January'],
    ['0 0 1 */3 *', 'At 00:00 GMT on day 1 of the month every 3 months'],
    ['0 9 * 6-8 *', 'At 09:00 GMT in June through August'],
    ['0 0 1 * 1', 'At 00:00 GMT on day 1 of the month or on Monday'],
    ['0 7 * * 5#2', 'At 07:00 GMT on the second Friday of the month'],
    ['0 7 * * 5L', 'At 07:00 GMT on the last Friday of the month'],
    ['0,30 9-17 * * *', 'At minutes 0 and 30 of hours 9 through 17 GMT'],
    ['*/10 9-17 * * 1-5', 'Every 10 minutes of hours 9 through 17 GMT on Monday through Friday'],
    ['5 9-17/2 * * *', 'At minute 5 of every 2 hours from 9 through 17 GMT'],
  ])('%s → %s', (expression, reading) => {
    expect(describeCron(expression)).toBe(reading);
  });

  it('reads nothing for an invalid expression', () => {
    expect(describeCron('61 * * * *')).toBe('');
    expect(describeCron('* * * * * *')).toBe('');
    expect(describeCron('')).toBe('');
  });
});

describe('cron validation', () => {
  it('names cronExpression and the problem', () => {
    expect(cronProblem('*/5 * * * *')).toBeNull();
    expect(cronProblem('61 * * * *')).toBe('cronExpression is not a valid cron expression: Invalid value for minute: 61');
    expect(cronProblem('* * * * * *')).toMatch(/^cronExpression is not a valid cron expression: .*5 parts/);
    expect(cronProblem('every hour')).toMatch(/^cronExpression is not a valid cron expression/);
    expect(cronProblem('0 0 30 2 *')).toBe('cronExpression never matches a date');
    expect(cronProblem(' ')).toBe('cronExpression is required');
  });

  it('the job schema refuses an active job without a script', () => {
    expect(() => jobSchema.validateSync({ name: 'J', cronExpression: '* * * * *', active: true, script: null }, { strict: true })).toThrow('script is required while the job is active');
    expect(jobSchema.isValidSync({ name: 'J', cronExpression: '* * * * *', active: false, script: null }, { strict: true })).toBe(true);
  });
});
