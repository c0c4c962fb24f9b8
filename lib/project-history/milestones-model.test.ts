import { describe, expect, it } from 'vitest';
import { milestoneOf, newMilestones, noMilestones } from './milestones-model';
import { emptyHistory, type ListedProject, recordDay } from './project-history-model';

const project = (id: number, loves: number): ListedProject => ({ id, title: `Game ${id}`, stats: { loves } });

describe('love milestones', () => {
  it('are 10, 50, 100, 500 and 1,000 loves', () => {
    expect([9, 10, 49, 50, 99, 100, 499, 500, 999, 1_000, 50_000].map(milestoneOf)).toEqual([
      0, 10, 10, 50, 50, 100, 100, 500, 500, 1_000, 1_000,
    ]);
  });

  it('announce a project’s and the total’s newest milestone, the highest reached, once', () => {
    let history = recordDay(emptyHistory('demo'), 100, [project(1, 8), project(2, 1)], true);
    let first = newMilestones(history, noMilestones);
    expect(first.milestones).toEqual([]);
    history = recordDay(history, 101, [project(1, 60), project(2, 45)], true);
    first = newMilestones(history, first.announced);
    expect(first.milestones).toEqual([
      { kind: 'project', id: 1, title: 'Game 1', loves: 50 },
      { kind: 'project', id: 2, title: 'Game 2', loves: 10 },
      { kind: 'total', loves: 100 },
    ]);
    // The same counts again: nothing.
    expect(newMilestones(history, first.announced).milestones).toEqual([]);
  });

  it('never twice: not after a project drops below and climbs back, nor after the record is forgotten', () => {
    let history = recordDay(emptyHistory('demo'), 100, [project(1, 10)], true);
    const { announced } = newMilestones(history, noMilestones);
    history = recordDay(history, 101, [project(1, 9)], true);
    const dropped = newMilestones(history, announced);
    history = recordDay(history, 102, [project(1, 11)], true);
    expect(newMilestones(history, dropped.announced).milestones).toEqual([]);
    // Forgotten: a new record, the same announced milestones.
    const fresh = recordDay(emptyHistory('demo'), 103, [project(1, 12)], true);
    expect(newMilestones(fresh, dropped.announced).milestones).toEqual([]);
  });
});
