import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { passwordRuleChecks } from '@cc/domain';

/** The password rules of administration.md §5, each ticked as it is met while the password is typed. */
export function PasswordRules({ password }: { password: string }) {
  return (
    <List spacing={2} size="sm" center data-testid="password-rules" aria-label="Password rules">
      {passwordRuleChecks(password).map((rule) => (
        <List.Item
          key={rule.label}
          data-met={rule.met}
          icon={
            <ThemeIcon color={rule.met ? 'teal.8' : 'gray.6'} size={16} radius="xl" aria-hidden>
              {rule.met ? <IconCheck size={11} /> : <IconX size={11} />}
            </ThemeIcon>
          }
        >
          <Text span size="sm" c={rule.met ? 'teal.9' : 'gray.8'}>
            {rule.label}
            <VisuallyHidden>{rule.met ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
