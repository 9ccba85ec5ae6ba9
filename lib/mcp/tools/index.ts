import type { AnyTool } from '../define-tool';
import { getAccount, getPaymentCheckoutLink } from './account';
import { deleteBenchmarkTool, listBenchmarksTool, setBenchmark } from './benchmarks';
import { getProfile, logBodyWeightTool, updateProfileTool } from './profile';
import {
  createTrainingPlan,
  deleteTrainingPlan,
  getTrainingPlan,
  getTrainingProgress,
  listTrainingPlans,
  updateTrainingPlan,
} from './plans';
import {
  completeWorkoutTool,
  createWorkoutTool,
  deleteWorkoutTool,
  getWorkoutTool,
  listExercises,
  listWorkoutChangesTool,
  listWorkoutsTool,
  skipWorkoutTool,
  updateWorkoutTool,
} from './workouts';
import { deleteHealthRecordTool, getHealthData, recordHealthDataTool } from './health';
import { deleteTimeOffTool, listTimeOffTool, recordTimeOffTool } from './time-off';
import { connectIntegration, disconnectIntegration, listIntegrations, syncIntegration } from './integrations';
import { calendarFeed, getWorkoutFitLink } from './calendar';

/** Every tool the server offers; tools/list and the guards read these declarations. */
export const tools = [
  getAccount,
  getPaymentCheckoutLink,
  getProfile,
  updateProfileTool,
  logBodyWeightTool,
  setBenchmark,
  listBenchmarksTool,
  deleteBenchmarkTool,
  getHealthData,
  recordHealthDataTool,
  deleteHealthRecordTool,
  listIntegrations,
  connectIntegration,
  disconnectIntegration,
  syncIntegration,
  // Workouts, plans and progress (coaching)
  listExercises,
  listWorkoutsTool,
  getWorkoutTool,
  listWorkoutChangesTool,
  createWorkoutTool,
  updateWorkoutTool,
  deleteWorkoutTool,
  completeWorkoutTool,
  skipWorkoutTool,
  createTrainingPlan,
  getTrainingPlan,
  listTrainingPlans,
  updateTrainingPlan,
  deleteTrainingPlan,
  getTrainingProgress,
  recordTimeOffTool,
  listTimeOffTool,
  deleteTimeOffTool,
  // Off the chat: the calendar feed and watch workout files
  calendarFeed,
  getWorkoutFitLink,
] as unknown as readonly AnyTool[];
