import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignupUserType } from '@shared/options';
import { useFeedback } from '../../components/feedback';
import { useAuthDialog } from './authDialogContext';

/**
 * After a successful sign-up (the server has signed the new account in):
 * influencers land on /materials (the supplement form) with a short welcome (not the developer page
 * /login-test); companies go home (part 1 §4) and see a welcome with their next steps — company
 * profile, verification, first task — where the original said influencer selection was "being
 * updated" (decision 0028).
 */
export function useSignupSuccess(before?: () => void) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const feedback = useFeedback();
  const { welcomeCompany } = useAuthDialog();
  return useCallback(
    (userType: SignupUserType) => {
      before?.();
      if (userType === 'influencer') {
        navigate('/materials');
        feedback.notice({
          title: t('signup.welcomeTitle'),
          content: t('signup.welcomeContent'),
          okText: t('signup.welcomeOk'),
        });
      } else if (userType === 'agency') {
        // a new agency waits for review: its workspace says so (decision 0044)
        navigate('/agency');
      } else {
        navigate('/');
        welcomeCompany();
      }
    },
    [before, navigate, t, feedback, welcomeCompany],
  );
}
