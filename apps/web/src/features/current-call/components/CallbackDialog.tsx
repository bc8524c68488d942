import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { CALL_TIME_ZONE, callingHoursText, formatTimeOfDay } from '@cc/domain';
import { CALENDAR_PROPS } from '../../../components/DayRangePicker';
import { callTimeOf } from '../end-call';
import { callbackTimeProblem, typedCallbackTime } from '../callback-time';

export { CALLBACK_TIME_HINT } from '../callback-time';

export interface CallbackDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  value: string | null;
  /** The time zone of the call's franchise, whose calling hours a callback keeps; America/Chicago until known. */
  timeZone?: string | undefined;
  onSave: (value: string | null) => void;
}

/**
 * The callback date and time. Call times are America/Chicago wall times (call-handling.md §9): what is
 * picked is stored as 'YYYY-MM-DD HH:mm:ss' in that zone, as the label says. The day is picked on a calendar and
 * the time typed as people type times ('1030', '10:30 pm'; parseTypedTime in domain), because a segmented time
 * field took each keystroke as its own hour or minute. A time outside the calling hours is refused here as the
 * server refuses it, with the hours named.
 */
export function CallbackDialog({ opened, onClose, stackId, value, timeZone, onSave }: CallbackDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title="Callback Date and Time"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="callback-dialog"
    >
      {opened ? (
        <CallbackForm value={value} timeZone={timeZone ?? CALL_TIME_ZONE} onSave={onSave} onCancel={onClose} />
      ) : null}
    </Modal>
  );
}

/** The time part of a call time as the field shows it ('10:30 AM'), or '' without one. */
const shownTime = (value: string | null) => (value ? formatTimeOfDay(value.slice(11, 16)) : '');

function CallbackForm({
  value,
  timeZone,
  onSave,
  onCancel,
}: {
  value: string | null;
  timeZone: string;
  onSave: (value: string | null) => void;
  onCancel: () => void;
}) {
  const [day, setDay] = useState<string | null>(value ? value.slice(0, 10) : null);
  const [typed, setTyped] = useState(shownTime(value));
  const [dayError, setDayError] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);
  // Now on the call centre's clock, not the browser's: the calendar works in Chicago days.
  const today = callTimeOf(new Date()).slice(0, 10);

  /** The typed time as 'HH:mm', shown back in the field's own form; null (with the hint) when it is not a time. */
  const readTime = (): string | null => {
    const read = typedCallbackTime(typed);
    if ('error' in read) {
      setTimeError(read.error);
      return null;
    }
    setTyped(formatTimeOfDay(read.time));
    return read.time;
  };

  const submit = () => {
    if (!day) setDayError('Choose the day of the callback.');
    const time = readTime();
    if (!day || time === null) return;
    const at = `${day} ${time}:00`;
    const problem = callbackTimeProblem(at, timeZone, callTimeOf(new Date()));
    if (problem) setTimeError(problem);
    else onSave(at);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" grow>
          <DatePickerInput
            label="Callback date"
            placeholder="Pick a day"
            {...CALENDAR_PROPS}
            value={day}
            onChange={(v) => {
              setDay(v);
              setDayError(null);
            }}
            minDate={today}
            // The calendar opens on the call centre's month, which the browser's clock may already have left.
            defaultDate={today}
            valueFormat="ddd MMM D, YYYY"
            error={dayError}
            data-autofocus
            data-testid="callback-input"
          />
          <TextInput
            label="Callback time"
            placeholder="10:30 AM"
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setTimeError(null);
            }}
            onBlur={() => {
              if (typed.trim() !== '') readTime();
            }}
            error={timeError}
            autoComplete="off"
            data-testid="callback-time"
          />
        </Group>
        <CallbackHoursNote timeZone={timeZone} />
        <Group justify="space-between" gap="sm" mt="xs">
          <Button variant="default" onClick={() => onSave(null)} disabled={value === null}>
            Remove callback
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Set Callback</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Whose clock the time is on, and the calling hours it must keep. */
function CallbackHoursNote({ timeZone }: { timeZone: string }) {
  return (
    <Text size="xs" c="gray.7" data-testid="callback-hours">
      The call centre&apos;s time, {CALL_TIME_ZONE}. Calling hours are {callingHoursText()}
      {timeZone === CALL_TIME_ZONE ? '' : ` on the branch's clock (${timeZone})`}.
    </Text>
  );
}
