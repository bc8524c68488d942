import { useState } from 'react';
import { Alert, Button, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconListCheck } from '@tabler/icons-react';
import {
  missingAnswers,
  NEW_CUSTOMER_QUESTIONS,
  SURVEY_ALERT_MESSAGE,
  SURVEY_ALERT_TITLE,
  type SurveyQuestion,
} from '../survey';
import { AlertDialog } from './AlertDialog';

export interface SurveyTabProps {
  answers: Record<number, string>;
  onChange: (answers: Record<number, string>) => void;
  questions?: SurveyQuestion[];
  /** Mark the required questions left open, as 'Check Survey' does (the end of the call found some). */
  flagMissing?: boolean;
}

/** The survey panel: the questions, and 'Check Survey' to see that every required answer is given. */
export function SurveyTab({
  answers,
  onChange,
  questions = NEW_CUSTOMER_QUESTIONS,
  flagMissing = false,
}: SurveyTabProps) {
  const [alertOpen, setAlertOpen] = useState(false);
  const [checked, setChecked] = useState<'complete' | 'missing' | null>(null);
  const visible = questions.filter((q) => !q.hidden);
  const missing = checked === 'missing' || flagMissing ? missingAnswers(questions, answers).map((q) => q.id) : [];

  const set = (id: number, value: string | null) => {
    onChange({ ...answers, [id]: value ?? '' });
    setChecked(null);
  };
  const check = () => {
    if (missingAnswers(questions, answers).length > 0) {
      setChecked('missing');
      setAlertOpen(true);
    } else setChecked('complete');
  };

  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={3} size="h5">
          New customer survey
        </Title>
        <Text size="xs" c="gray.7">
          Questions marked * must be answered.
        </Text>
      </div>
      {visible.map((q, i) => {
        const error = missing.includes(q.id) ? 'This answer is required.' : undefined;
        const label = `${i + 1}. ${q.text}`;
        return q.options.length <= 2 ? (
          <Radio.Group
            key={q.id}
            label={label}
            required={q.required}
            value={answers[q.id] ?? ''}
            onChange={(v) => set(q.id, v)}
            error={error}
            data-testid={`survey-question-${q.id}`}
          >
            <Group gap="lg" mt={6}>
              {q.options.map((option) => (
                <Radio key={option} value={option} label={option} />
              ))}
            </Group>
          </Radio.Group>
        ) : (
          <Select
            key={q.id}
            label={label}
            required={q.required}
            placeholder="Choose an answer"
            data={q.options}
            value={answers[q.id] || null}
            onChange={(v) => set(q.id, v)}
            error={error}
            clearable
            w={360}
            data-testid={`survey-question-${q.id}`}
          />
        );
      })}
      <Group gap="sm">
        <Button variant="light" leftSection={<IconListCheck size={16} />} onClick={check}>
          Check Survey
        </Button>
        {checked === 'complete' ? (
          <Alert color="green" icon={<IconCircleCheck size={16} />} p={6} role="status">
            Every required answer is given.
          </Alert>
        ) : null}
      </Group>
      <AlertDialog
        opened={alertOpen}
        onClose={() => setAlertOpen(false)}
        title={SURVEY_ALERT_TITLE}
        message={SURVEY_ALERT_MESSAGE}
        data-testid="survey-alert"
      />
    </Stack>
  );
}
