import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignupUserType } from '@shared/options';
import { useFeedback } from '../../components/feedback';

/**
 * After a successful sign-up (the server has signed the new account in):
 * influencers get a message and go to /login-test; companies go home and see the notice that the
 * influencer selection module is being updated (part 1 §4).
 */
export function useSignupSuccess(before?: () => void) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const feedback = useFeedback();
  return useCallback(
    (userType: SignupUserType) => {
      before?.();
      if (userType === 'influencer') {
        feedback.success(t('signup.successInfluencer'));
        navigate('/login-test');
      } else {
        navigate('/');
        feedback.notice({
          title: t('signup.successCompanyTitle'),
          content: t('signup.companyNotice'),
          okText: t('signup.ok'),
        });
      }
    },
    [before, navigate, t, feedback],
  );
}
